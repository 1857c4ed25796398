//! The detail page's picture gallery: thumbnails choose the large picture. The server renders
//! it whole with the first picture shown; the thumbnails' hover and click are the frame's
//! script (`enhanceGalleries` in `widgets/src/product.ts`), so the gallery needs no wasm.

use leptos::prelude::*;

/// The pictures of a product and the gallery's translated names.
pub struct Gallery {
    pub images: Vec<String>,
    pub alt: String,
    pub thumbs_label: String,
    /// Each thumbnail's name, with `{number}` and `{count}` ("Picture 2 of 5").
    pub thumb_label: String,
}

/// Renders [`Gallery`]: the first picture large, every picture as a thumbnail naming its own.
pub fn gallery(props: Gallery) -> impl IntoView {
    let Gallery { images, alt, thumbs_label, thumb_label } = props;
    let count = images.len();
    let first = images.first().cloned().unwrap_or_default();
    view! {
        <div class="gallery" data-testid="gallery" data-gallery="">
            <img class="gallery__main" src=first alt=alt width="460" height="460" fetchpriority="high"
                onerror=crate::components::IMG_FALLBACK />
            <div class="gallery__thumbs" role="group" aria-label=thumbs_label>
                {images.into_iter().enumerate().map(|(i, src)| {
                    let large = src.clone();
                    view! {
                    <button type="button" class="gallery__thumb" class:is-active=i == 0
                        aria-pressed=(i == 0).to_string() data-gallery-src=large
                        aria-label=thumb_label.replace("{number}", &(i + 1).to_string()).replace("{count}", &count.to_string())>
                        <img src=src alt="" width="64" height="64" loading="lazy" />
                    </button>
                    }
                }).collect_view()}
            </div>
        </div>
    }
}
