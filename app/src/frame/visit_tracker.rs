//! Visit analytics (spec section 4 "Visit session"): a visitor uuid, a session uuid that
//! starts anew after more than 30 minutes idle, and a step that rises by one per tracked page.
//! Each tracked page load posts one record to the flow-log endpoint.
//!
//! The page only marks what to record; the widgets' loader, which every page runs at once,
//! keeps the visit state and posts the record (`widgets/src/visits.ts`). The visit is counted
//! when the page loads, not when its islands hydrate.

use leptos::prelude::*;

/// The mark of a tracked page: its page id of spec section 4, the biz type and data of the
/// product it shows, and the flow-log endpoint for this visitor (signed in or not).
#[component]
pub fn VisitTracker(
    /// Page id of spec section 4 (home 1, detail 3, list 6, ...).
    page_id: i32,
    /// 0 normal, 1 group, 2 flash (default 0).
    #[prop(optional)]
    biz_type: Option<i32>,
    /// e.g. the product id of a detail page.
    #[prop(optional)]
    biz_data: Option<String>,
    signed_in: bool,
) -> impl IntoView {
    let biz_type = biz_type.unwrap_or(api::analytics::biz_type::NORMAL);
    let endpoint = if signed_in { api::paths::FLOW_ANALYSIS_LOG_SIGNED_IN } else { api::paths::FLOW_ANALYSIS_LOG };
    view! {
        <span class="visit-tracker" hidden data-visit-page=page_id data-visit-biz-type=biz_type
            data-visit-biz-data=biz_data data-visit-endpoint=endpoint></span>
    }
}
