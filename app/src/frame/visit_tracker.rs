//! Visit analytics (spec section 4 "Visit session"): a visitor uuid, a session uuid that
//! starts anew after more than 30 minutes idle, and a step that rises by one per tracked page.
//! Each tracked page load posts one record to the flow-log endpoint.

use leptos::prelude::*;

/// Idle time after which a new visit session begins.
pub const SESSION_IDLE_MS: i64 = 30 * 60 * 1000;

/// The stored visit state after one more tracked page: `(new_session, step)`.
pub fn next_step(now_ms: i64, last_seen_ms: Option<i64>, last_step: Option<i32>) -> (bool, i32) {
    match (last_seen_ms, last_step) {
        (Some(seen), Some(step)) if now_ms - seen <= SESSION_IDLE_MS && now_ms >= seen => {
            (false, step.saturating_add(1))
        }
        _ => (true, 1),
    }
}

/// Posts the visit of this page once it is interactive.
#[island]
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
    #[cfg(feature = "hydrate")]
    Effect::new(move |_| {
        let biz_data = biz_data.clone();
        let biz_type = biz_type.unwrap_or(api::analytics::biz_type::NORMAL);
        leptos::task::spawn_local(async move {
            let Some(window) = web_sys::window() else { return };
            let Ok(Some(storage)) = window.local_storage() else { return };
            let get = |k: &str| storage.get_item(k).ok().flatten();
            // Whole milliseconds: integers keep float formatting and parsing out of the wasm.
            let now = js_sys::Date::now() as i64;
            let uuid = || window.crypto().ok().map(|c| c.random_uuid()).unwrap_or_else(|| format!("{now}"));
            let visitor = get("mall.uuid").unwrap_or_else(&uuid);
            let (new_session, step) = next_step(
                now,
                get("mall.sessionTs").and_then(|v| v.parse().ok()),
                get("mall.step").and_then(|v| v.parse().ok()),
            );
            let session = if new_session { uuid() } else { get("mall.uuidSession").unwrap_or_else(&uuid) };
            let prev_page_id =
                if new_session { None } else { get("mall.prevPageId").and_then(|v| v.parse::<i32>().ok()) };
            let _ = storage.set_item("mall.uuid", &visitor);
            let _ = storage.set_item("mall.uuidSession", &session);
            let _ = storage.set_item("mall.step", &step.to_string());
            let _ = storage.set_item("mall.sessionTs", &now.to_string());
            let _ = storage.set_item("mall.prevPageId", &page_id.to_string());
            let record = api::analytics::FlowLog {
                page_id,
                biz_data,
                biz_type,
                step,
                system_type: Some(1),
                uuid: visitor,
                uuid_session: session,
                visit_type: 1,
                prev_page_id,
                nums: None,
            };
            let path = if signed_in { api::paths::FLOW_ANALYSIS_LOG_SIGNED_IN } else { api::paths::FLOW_ANALYSIS_LOG };
            let options = crate::api_client::browser::CallOptions { silent_auth: true, handle_error: true };
            let _ = crate::api_client::browser::post::<serde::de::IgnoredAny, _>(path, &record, options).await;
        });
    });
    #[cfg(not(feature = "hydrate"))]
    let _ = (page_id, biz_type, biz_data, signed_in);
    view! { <span class="visit-tracker" hidden></span> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_continues_within_thirty_minutes() {
        assert_eq!(next_step(1000, Some(0), Some(3)), (false, 4));
        assert_eq!(next_step(SESSION_IDLE_MS, Some(0), Some(3)), (false, 4));
    }

    #[test]
    fn a_new_session_starts_after_idle_or_without_state() {
        assert_eq!(next_step(SESSION_IDLE_MS + 1, Some(0), Some(3)), (true, 1));
        assert_eq!(next_step(5, None, None), (true, 1));
        assert_eq!(next_step(5, Some(10), Some(2)), (true, 1), "clock went back");
    }
}
