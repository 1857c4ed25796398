//! `floor_title`: a title with an optional "see more" link.

use super::{colour, link, signed_in, text};
use crate::context::page_ctx;
use api::renovation::FloorTitle;
use leptos::prelude::*;

pub(super) fn render(data: &FloorTitle) -> AnyView {
    let ctx = page_ctx();
    let style = format!(
        "margin-top:{}px;margin-bottom:{}px",
        data.margin_top.unwrap_or(16).clamp(0, 200),
        data.margin_bottom.unwrap_or(12).clamp(0, 200)
    );
    let title_style = format!(
        "font-size:{}px;{}",
        data.title_size.unwrap_or(22).clamp(10, 48),
        colour(&data.title_color).map(|c| format!("color:{c}")).unwrap_or_default()
    );
    let more = data.show_more.unwrap_or(false).then(|| link(&data.path, data.checked, signed_in())).flatten();
    let more_text = ctx.t("home-see-more");
    view! {
        <div class="container section-title block-floor-title" style=style>
            <div>
                <h2 style=title_style>{text(&data.title)}</h2>
                <span class="block-floor-title__sub">{text(&data.sub_title)}</span>
            </div>
            {more.map(|(href, new_tab)| view! {
                <a class="section-title__more" href=href target=new_tab.then_some("_blank")>{more_text.clone()}" ›"</a>
            })}
        </div>
    }
    .into_any()
}
