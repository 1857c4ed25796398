//! The balance wallet and points of the user centre (spec sections 1, 2, 5 and 9):
//! `/user-center/uc-balance` (the balance, its records, top-up through the checkout counter's
//! gateways) and `/user-center/uc-integral` (points, the daily sign-in, the points' records).
//! Pages render on the server inside the user-centre layout; the top-up and the sign-in are
//! plain forms, with no island (record 0186).

pub mod rules;

ssr_only! {
    pub mod balance;
    pub mod integral;
    pub mod sign_in_box;
    pub mod top_up;

    use leptos::prelude::*;
}

/// The records of a wallet a page at a time: [`records_table`]'s part that differs between the
/// balance and the points.
#[cfg(feature = "ssr")]
pub(crate) struct RecordsTable {
    /// The table's test id.
    pub test_id: &'static str,
    /// The Fluent key of the change column's heading.
    pub change_key: &'static str,
    /// The page's path, for the pager's links.
    pub path: &'static str,
    pub empty_kind: crate::components::empty_state::EmptyKind,
    pub empty_key: &'static str,
    pub empty_test_id: &'static str,
}

/// Page `current` of a wallet's records as a table (time, type, detail, change; `row` renders
/// one) with the pager, the empty state, or the failure to load them.
#[cfg(feature = "ssr")]
pub(crate) fn records_table<R, E, V: IntoView + 'static>(
    ctx: &crate::context::PageCtx,
    page: Result<api::catalog::Page<R>, E>,
    current: i64,
    table: RecordsTable,
    row: impl Fn(&crate::context::PageCtx, R) -> V,
) -> AnyView {
    use crate::components::empty_state::EmptyState;
    use crate::components::pager::Pager;
    let RecordsTable { test_id, change_key, path, empty_kind, empty_key, empty_test_id } = table;
    match page {
        Ok(page) if !page.records.is_empty() => {
            let pages = page.pages;
            view! {
                <table class="wallet-records" data-testid=test_id>
                    <thead>
                        <tr>
                            <th scope="col">{ctx.t("wallet-record-time")}</th>
                            <th scope="col">{ctx.t("wallet-record-type")}</th>
                            <th scope="col">{ctx.t("wallet-record-detail")}</th>
                            <th scope="col" class="wallet-records__amount">{ctx.t(change_key)}</th>
                        </tr>
                    </thead>
                    <tbody>{page.records.into_iter().map(|r| row(ctx, r)).collect_view()}</tbody>
                </table>
                <Pager current=current pages=pages href=move |p| format!("{path}?current={p}") />
            }
            .into_any()
        }
        Ok(_) => view! { <EmptyState kind=empty_kind title=ctx.t(empty_key) test_id=empty_test_id /> }.into_any(),
        Err(_) => view! { <p class="uc-notice" role="alert">{ctx.t("wallet-load-failed")}</p> }.into_any(),
    }
}

/// The page of records the address asks for (`?current=`), the first by default.
#[cfg(feature = "ssr")]
pub(crate) fn requested_page(query: &str) -> i64 {
    crate::url::query_param(query, "current")
        .and_then(|p| p.trim().parse::<i64>().ok())
        .filter(|p| *p >= 1)
        .unwrap_or(1)
}
