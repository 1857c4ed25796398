//! The detail page's picture gallery: thumbnails choose the large picture.

use leptos::prelude::*;

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Gallery {
    pub images: Vec<String>,
    pub alt: String,
    pub thumbs_label: String,
    /// Each thumbnail's name, with `{number}` and `{count}` ("Picture 2 of 5").
    pub thumb_label: String,
}

/// Renders [`Gallery`], as one variant of its group's island (`crate::lazy_islands`).
pub fn gallery(props: Gallery) -> impl IntoView {
    let Gallery { images, alt, thumbs_label, thumb_label } = props;
    let count = images.len();
    let images = StoredValue::new(images);
    let current = RwSignal::new(0usize);
    view! {
        <div class="gallery" data-testid="gallery">
            <img class="gallery__main" src=move || images.with_value(|i| i.get(current.get()).cloned().unwrap_or_default())
                alt=alt.clone() width="460" height="460" fetchpriority="high"
                onerror=crate::components::IMG_FALLBACK />
            <div class="gallery__thumbs" role="group" aria-label=thumbs_label>
                {images.with_value(|list| list.iter().enumerate().map(|(i, src)| view! {
                    <button type="button" class="gallery__thumb" class:is-active=move || current.get() == i
                        aria-pressed=move || (current.get() == i).to_string()
                        aria-label=thumb_label.replace("{number}", &(i + 1).to_string()).replace("{count}", &count.to_string())
                        on:mouseenter=move |_| current.set(i) on:click=move |_| current.set(i)>
                        <img src=src.clone() alt="" width="64" height="64" loading="lazy" />
                    </button>
                }).collect_view())}
            </div>
        </div>
    }
}
