//! The banner carousel's markup (spec sections 4 "Carousel" and 9): slides, arrows, dots, the
//! first slide shown. What moves it (arrows, dots, swipe over 50 px, auto-play every 5000 ms
//! pausing during a touch, wrapping at both ends, a product banner's status check) runs as soon
//! as the page has loaded, from `widgets/src/carousel.ts`, so a page needs no wasm to turn its
//! banners. The slides are rendered by `components::banner_carousel`.

use leptos::prelude::*;

/// The carousel around `count` server-rendered slides (`.carousel__slide` children, the first
/// shown, the others `inert`).
#[component]
pub fn Carousel(
    count: usize,
    /// Height in px (450 on the default home, 300 on decorated pages).
    height: u32,
    /// Whether to show the arrows (the decorated-home carousel has none).
    arrows: bool,
    prev_label: String,
    next_label: String,
    /// Each dot's name, with `{number}` and `{count}` to fill in ("Banner 2 of 5").
    dot_label: String,
    /// Accessible name of the carousel, e.g. "Banners".
    label: String,
    /// Said when a banner's product is off the shelves.
    off_shelf_label: String,
    children: Children,
) -> impl IntoView {
    let style = format!("--carousel-height:{height}px");
    view! {
        <section class="carousel" style=style aria-roledescription="carousel" aria-label=label data-testid="carousel"
            data-carousel="" data-off-shelf=off_shelf_label>
            <div class="carousel__track" style="transform: translateX(-0%);">
                {children()}
            </div>
            {(arrows && count > 1).then(|| view! {
                <button type="button" class="carousel__arrow carousel__arrow--prev" aria-label=prev_label data-carousel-step="-1">"‹"</button>
                <button type="button" class="carousel__arrow carousel__arrow--next" aria-label=next_label data-carousel-step="1">"›"</button>
            })}
            {(count > 1).then(|| view! {
                <div class="carousel__dots">
                    {(0..count).map(|i| {
                        let name = dot_label.replace("{number}", &(i + 1).to_string()).replace("{count}", &count.to_string());
                        view! {
                            <button type="button" class="carousel__dot" class:is-active=i == 0
                                aria-label=name aria-current=(i == 0).then_some("true") data-carousel-index=i></button>
                        }
                    }).collect_view()}
                </div>
            })}
        </section>
    }
}
