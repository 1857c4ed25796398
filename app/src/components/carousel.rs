//! The banner carousel's moving parts (spec sections 4 "Carousel" and 9): arrows, dots, swipe
//! over 50 px, auto-play every 5000 ms pausing during a touch, wrapping at both ends. The
//! slides are server-rendered children (`components::carousel`). A banner of a product first
//! checks `/prod/isStatus` and opens the detail page in a new tab only when the product can be
//! bought; otherwise it says the goods are off the shelves (spec section 2).

use leptos::prelude::*;

/// Auto-play interval.
pub const AUTOPLAY_MS: u64 = 5000;
/// Horizontal distance a swipe must cover.
pub const SWIPE_PX: f64 = 50.0;

/// The slide after moving `step` from `index` among `count`, wrapping around.
pub fn wrap(index: usize, step: isize, count: usize) -> usize {
    if count == 0 {
        return 0;
    }
    (index as isize + step).rem_euclid(count as isize) as usize
}

/// The direction of a finished swipe: -1 back, 1 forward, 0 too short.
pub fn swipe_step(start_x: f64, end_x: f64) -> isize {
    let dx = end_x - start_x;
    if dx.abs() <= SWIPE_PX {
        0
    } else if dx < 0.0 {
        1
    } else {
        -1
    }
}

/// Opens a product banner: a blank tab is opened within the click (so no popup blocker
/// interferes), then pointed at the detail page if the product is open, or closed with a toast.
#[cfg(feature = "hydrate")]
fn open_checked(prod_id: String, href: String, off_shelf: String) {
    let window = web_sys::window().expect("window");
    let tab = window.open_with_url_and_target("about:blank", "_blank").ok().flatten();
    leptos::task::spawn_local(async move {
        use crate::api_client::browser;
        let query = [("prodId", prod_id)];
        // A failed check does not block the visit: the detail page states the product's status.
        let open = browser::get::<bool>(api::paths::PROD_IS_STATUS, &query, Default::default()).await.unwrap_or(true);
        match tab {
            Some(tab) if open => {
                let _ = tab.set_opener(&wasm_bindgen::JsValue::NULL);
                let _ = tab.location().set_href(&href);
            }
            None if open => {
                let _ = web_sys::window().expect("window").location().set_href(&href);
            }
            tab => {
                if let Some(tab) = tab {
                    let _ = tab.close();
                }
                browser::toast("warning", &off_shelf, 2000);
            }
        }
    });
}

/// A product banner's click: checked before it opens. Modified clicks (new window, download)
/// keep the browser's behaviour.
#[cfg(feature = "hydrate")]
fn on_slide_click(ev: &leptos::ev::MouseEvent, off_shelf: &str) {
    use wasm_bindgen::JsCast;
    if ev.ctrl_key() || ev.meta_key() || ev.shift_key() || ev.button() != 0 {
        return;
    }
    let link = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest("a[data-prod-id]").ok().flatten());
    let Some(link) = link else { return };
    let (Some(prod_id), Some(href)) = (link.get_attribute("data-prod-id"), link.get_attribute("href")) else {
        return;
    };
    ev.prevent_default();
    open_checked(prod_id, href, off_shelf.to_string());
}

/// The carousel around `count` server-rendered slides (`.carousel__slide` children).
#[island]
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
    let index = RwSignal::new(0usize);
    let touching = RwSignal::new(false);
    #[cfg_attr(not(feature = "hydrate"), allow(unused_variables))]
    let touch_start = StoredValue::new(0.0f64);
    let root = NodeRef::<leptos::html::Section>::new();
    // Moving by hand starts the auto-play period again (a full 5 s before the next slide).
    let moves = RwSignal::new(0u32);
    let show = move |i: usize| {
        index.set(i);
        moves.update(|n| *n = n.wrapping_add(1));
    };
    let go = move |step: isize| show(wrap(index.get_untracked(), step, count));

    #[cfg(feature = "hydrate")]
    Effect::new(move |_| {
        moves.track();
        if count > 1 {
            if let Ok(handle) = set_interval_with_handle(
                move || {
                    if !touching.get_untracked() {
                        index.update(|i| *i = wrap(*i, 1, count));
                    }
                },
                std::time::Duration::from_millis(AUTOPLAY_MS),
            ) {
                on_cleanup(move || handle.clear());
            }
        }
    });

    // Only the slide shown can be reached by keyboard and screen readers.
    #[cfg(feature = "hydrate")]
    Effect::new(move |_| {
        use wasm_bindgen::JsCast;
        let current = index.get();
        let Some(slides) = root.get().and_then(|root| root.query_selector_all(".carousel__slide").ok()) else {
            return;
        };
        for i in 0..slides.length() {
            if let Some(slide) = slides.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) {
                let _ = slide.toggle_attribute_with_force("inert", i as usize != current);
            }
        }
    });

    let on_touch_start = move |_ev: leptos::ev::TouchEvent| {
        touching.set(true);
        #[cfg(feature = "hydrate")]
        if let Some(t) = _ev.touches().get(0) {
            touch_start.set_value(t.client_x() as f64);
        }
    };
    let on_touch_end = move |_ev: leptos::ev::TouchEvent| {
        touching.set(false);
        #[cfg(feature = "hydrate")]
        if let Some(t) = _ev.changed_touches().get(0) {
            go(swipe_step(touch_start.get_value(), t.client_x() as f64));
        }
    };
    let on_click = move |_ev: leptos::ev::MouseEvent| {
        #[cfg(feature = "hydrate")]
        on_slide_click(&_ev, &off_shelf_label);
        #[cfg(not(feature = "hydrate"))]
        let _ = &off_shelf_label;
    };
    let style = format!("--carousel-height:{height}px");
    view! {
        <section class="carousel" style=style aria-roledescription="carousel" aria-label=label data-testid="carousel"
            node_ref=root on:click=on_click on:touchstart=on_touch_start on:touchend=on_touch_end
            on:touchcancel=move |_| touching.set(false)>
            <div class="carousel__track" style:transform=move || format!("translateX(-{}%)", index.get() * 100)>
                {children()}
            </div>
            {(arrows && count > 1).then(|| view! {
                <button type="button" class="carousel__arrow carousel__arrow--prev" aria-label=prev_label on:click=move |_| go(-1)>"‹"</button>
                <button type="button" class="carousel__arrow carousel__arrow--next" aria-label=next_label on:click=move |_| go(1)>"›"</button>
            })}
            {(count > 1).then(|| view! {
                <div class="carousel__dots">
                    {(0..count).map(|i| {
                        let name = dot_label.replace("{number}", &(i + 1).to_string()).replace("{count}", &count.to_string());
                        view! {
                            <button type="button" class="carousel__dot" class:is-active=move || index.get() == i
                                aria-label=name aria-current=move || (index.get() == i).then_some("true")
                                on:click=move |_| show(i)></button>
                        }
                    }).collect_view()}
                </div>
            })}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_both_ends() {
        assert_eq!(wrap(0, -1, 5), 4);
        assert_eq!(wrap(4, 1, 5), 0);
        assert_eq!(wrap(2, 1, 5), 3);
        assert_eq!(wrap(0, 1, 0), 0);
    }

    #[test]
    fn only_swipes_over_fifty_pixels_count() {
        assert_eq!(swipe_step(100.0, 60.0), 0);
        assert_eq!(swipe_step(100.0, 49.0), 1);
        assert_eq!(swipe_step(100.0, 151.0), -1);
    }
}
