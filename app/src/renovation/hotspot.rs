//! `universal_hotspot`: a picture with clickable boxes.

use super::{link, signed_in, text};
use crate::components::product_card::IMG_FALLBACK;
use crate::context::page_ctx;
use api::renovation::Hotspots;
use leptos::prelude::*;

pub(super) fn render(data: &Hotspots) -> AnyView {
    let ctx = page_ctx();
    let signed_in = signed_in();
    // The boxes are placed in percent of the picture's configured size.
    let width = data.width.unwrap_or(1200).max(1) as f64;
    let height = data.height.unwrap_or(450).max(1) as f64;
    view! {
        <div class="container">
            <div class="block-hotspot" style=format!("aspect-ratio:{width}/{height}")>
                <img src=ctx.picture(&text(&data.img_url)) alt="" loading="lazy" onerror=IMG_FALLBACK />
                {data.hotspots.iter().filter_map(|spot| {
                    let (href, new_tab) = link(&spot.path, spot.checked, signed_in)?;
                    let pct = |value: Option<i64>, total: f64| value.unwrap_or(0) as f64 / total * 100.0;
                    let style = format!("left:{:.3}%;top:{:.3}%;width:{:.3}%;height:{:.3}%",
                        pct(spot.left, width), pct(spot.top, height), pct(spot.width, width), pct(spot.height, height));
                    Some(view! { <a class="block-hotspot__box" href=href style=style target=new_tab.then_some("_blank")
                        rel=new_tab.then_some("noopener") aria-label=ctx.t("renovation-hotspot")></a> })
                }).collect_view()}
            </div>
        </div>
    }
    .into_any()
}
