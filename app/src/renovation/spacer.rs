//! `auxiliary_interval`: a spacer.

use super::colour;
use api::renovation::Spacer;
use leptos::prelude::*;

pub(super) fn render(data: &Spacer) -> AnyView {
    let style = format!(
        "height:{}px;{}",
        data.height.unwrap_or(16).clamp(0, 400),
        colour(&data.bg_color).map(|c| format!("background:{c}")).unwrap_or_default()
    );
    view! { <div class="block-spacer" style=style></div> }.into_any()
}
