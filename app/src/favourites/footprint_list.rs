//! The footprints of `/user-center/uc-footprint`, grouped by day as the server rendered them:
//! delete one (`DELETE /p/user/recentBrowse/delete/{id}`), a day
//! (`/p/user/recentBrowse/deleteDay?day=`) or all (`/p/user/recentBrowse/clear`), each after
//! the browser's confirm; what is deleted leaves the list at once, and an emptied page shows
//! the empty state, or loads the page before it when there are others.

use super::{empty_view, EmptyView};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// One footprint as the list shows it, every text already translated and formatted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FootprintEntry {
    /// The entry (not the product: a product viewed on two days has two).
    pub id: i64,
    pub name: String,
    pub pic: String,
    pub href: String,
    pub price: String,
    pub ori_price: Option<String>,
    pub shop: String,
    /// Why it cannot be bought now (off the shelf).
    pub unavailable: Option<String>,
    /// The time of the latest view that day (`hh:mm`).
    pub time: String,
}

/// The footprints of one day, newest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FootprintDay {
    /// `YYYY-MM-DD`, as the API names the day.
    pub day: String,
    /// The day in the page's language ("Today", "5 March 2026").
    pub heading: String,
    pub entries: Vec<FootprintEntry>,
}

/// Groups records, newest first, into days in their order (`day_of` names a record's day).
pub fn group_by_day<T>(records: Vec<T>, day_of: impl Fn(&T) -> String) -> Vec<(String, Vec<T>)> {
    let mut days: Vec<(String, Vec<T>)> = Vec::new();
    for record in records {
        let day = day_of(&record);
        match days.last_mut() {
            Some((last, list)) if *last == day => list.push(record),
            _ => days.push((day, vec![record])),
        }
    }
    days
}

/// The list's translated texts; `{name}` and `{day}` are filled in by the island.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FootprintLabels {
    /// How many are kept, with `{count}`.
    pub note: String,
    pub delete: String,
    pub delete_item: String,
    pub delete_day: String,
    pub delete_day_of: String,
    pub clear: String,
    pub confirm_one: String,
    pub confirm_day: String,
    pub confirm_all: String,
    pub deleted: String,
    pub delete_failed: String,
}

/// What one delete names.
#[derive(Debug, Clone, PartialEq)]
enum Target {
    One(i64),
    Day(String),
    All,
}

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct FootprintList {
    pub days: Vec<FootprintDay>,
    /// The buyer's footprints on every page.
    pub total: i64,
    pub labels: FootprintLabels,
    /// Where to go once the last footprint of this page is deleted, when there are other
    /// pages (clearing them all goes to `first_page`, the empty state).
    pub after_empty: Option<String>,
    pub first_page: String,
    /// What an emptied list shows when this was the only page.
    pub empty: EmptyView,
}

/// Renders [`FootprintList`], as one variant of its group's island (`crate::lazy_islands`).
pub fn footprint_list(props: FootprintList) -> impl IntoView {
    let FootprintList { days, total, labels, after_empty, first_page, empty } = props;
    let days = RwSignal::new(days);
    let total = RwSignal::new(total);
    let empty = StoredValue::new(empty);
    let (after_empty, first_page) = (StoredValue::new(after_empty), StoredValue::new(first_page));
    let busy = RwSignal::new(false);
    let labels = StoredValue::new(labels);
    let text = move |pick: fn(&FootprintLabels) -> &String| labels.with_value(|l| pick(l).clone());
    let delete = move |target: Target, question: String| {
        if busy.get_untracked() {
            return;
        }
        #[cfg(feature = "hydrate")]
        {
            if !crate::cart::web::confirm(&question) {
                return;
            }
            busy.set(true);
            leptos::task::spawn_local(async move {
                use crate::api_client::{browser, ApiFailure};
                let path = match &target {
                    Target::One(id) => api::favourites::recent_browse_delete(*id),
                    Target::Day(day) => {
                        format!("{}?day={}", api::paths::RECENT_BROWSE_DELETE_DAY, crate::url::encode(day))
                    }
                    Target::All => api::paths::RECENT_BROWSE_CLEAR.to_string(),
                };
                match browser::delete::<i64, _>(&path, &(), Default::default()).await {
                    Ok(removed) => {
                        browser::toast(api::bridge::ToastType::Success, &text(|l| &l.deleted), 1500);
                        total.update(|t| *t = (*t - removed).max(0));
                        let other_pages = after_empty.get_value().is_some();
                        match target {
                            Target::All if other_pages => crate::cart::web::go(&first_page.get_value()),
                            Target::All => days.set(Vec::new()),
                            Target::Day(day) => days.update(|d| d.retain(|g| g.day != day)),
                            Target::One(id) => days.update(|d| {
                                d.iter_mut().for_each(|g| g.entries.retain(|e| e.id != id));
                                d.retain(|g| !g.entries.is_empty());
                            }),
                        }
                        if let Some(href) = after_empty.get_value().filter(|_| days.with_untracked(Vec::is_empty)) {
                            crate::cart::web::go(&href);
                        }
                    }
                    Err(ApiFailure::Network(_)) => {
                        browser::toast(api::bridge::ToastType::Error, &text(|l| &l.delete_failed), 1500)
                    }
                    Err(_) => {}
                }
                busy.set(false);
            });
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (target, question, after_empty, first_page);
    };
    view! {
        <Show when=move || days.with(Vec::is_empty)>{move || empty_view(empty.get_value())}</Show>
        <div class="footprints" data-testid="footprints" hidden=move || days.with(Vec::is_empty)>
            <div class="footprints__bar">
                <p class="footprints__note">{move || text(|l| &l.note).replace("{count}", &total.get().to_string())}</p>
                <button type="button" class="button button--small" disabled=move || busy.get()
                    data-testid="footprint-clear" on:click=move |_| delete(Target::All, text(|l| &l.confirm_all))>
                    {text(|l| &l.clear)}
                </button>
            </div>
            <For each=move || days.get() key=|g| (g.day.clone(), g.entries.iter().map(|e| e.id).collect::<Vec<_>>()) let:group>
                {
                    let day = group.day.clone();
                    let heading = group.heading.clone();
                    let confirm_day = text(|l| &l.confirm_day).replace("{day}", &heading);
                    let delete_day_label = text(|l| &l.delete_day_of).replace("{day}", &heading);
                    view! {
                        <section class="footprint-day" data-testid="footprint-day" data-day=group.day.clone()>
                            <header class="footprint-day__head">
                                <h2 class="footprint-day__title">{heading.clone()}</h2>
                                <button type="button" class="link-button" aria-label=delete_day_label disabled=move || busy.get()
                                    data-testid="footprint-delete-day" on:click=move |_| delete(Target::Day(day.clone()), confirm_day.clone())>
                                    {text(|l| &l.delete_day)}
                                </button>
                            </header>
                            <ul class="footprint-day__list">
                                {group.entries.into_iter().map(|entry| {
                                    let id = entry.id;
                                    let remove_label = text(|l| &l.delete_item).replace("{name}", &entry.name);
                                    view! {
                                        <li class="footprint" class:is-unavailable=entry.unavailable.is_some() data-testid="footprint" data-id=id>
                                            <a class="footprint__media" href=entry.href.clone() target="_blank" rel="noopener" tabindex="-1" aria-hidden="true">
                                                <img src=entry.pic.clone() alt="" width="160" height="160" loading="lazy" onerror=crate::components::IMG_FALLBACK />
                                                {entry.unavailable.clone().map(|why| view! { <span class="footprint__overlay">{why}</span> })}
                                            </a>
                                            <a class="footprint__name" href=entry.href.clone() target="_blank" rel="noopener" data-testid="footprint-link">{entry.name.clone()}</a>
                                            <span class="footprint__price"><strong>{entry.price.clone()}</strong>
                                                {entry.ori_price.clone().map(|p| view! { <del>{p}</del> })}
                                            </span>
                                            <span class="footprint__meta">{entry.shop.clone()}</span>
                                            <span class="footprint__meta">{entry.time.clone()}</span>
                                            <button type="button" class="footprint__remove" aria-label=remove_label title=text(|l| &l.delete)
                                                disabled=move || busy.get() data-testid="footprint-delete"
                                                on:click=move |_| delete(Target::One(id), text(|l| &l.confirm_one))>
                                                "\u{00d7}"
                                            </button>
                                        </li>
                                    }
                                }).collect_view()}
                            </ul>
                        </section>
                    }
                }
            </For>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::group_by_day;

    #[test]
    fn records_are_grouped_by_day_in_their_order() {
        let records =
            vec![("2026-03-05", 1), ("2026-03-05", 2), ("2026-03-04", 3), ("2026-03-01", 4), ("2026-03-01", 5)];
        let days = group_by_day(records, |r| r.0.to_string());
        let shape: Vec<(String, Vec<i32>)> =
            days.into_iter().map(|(day, list)| (day, list.into_iter().map(|r| r.1).collect())).collect();
        assert_eq!(
            shape,
            vec![
                ("2026-03-05".to_string(), vec![1, 2]),
                ("2026-03-04".to_string(), vec![3]),
                ("2026-03-01".to_string(), vec![4, 5])
            ]
        );
        assert!(group_by_day(Vec::<(String, i32)>::new(), |r| r.0.clone()).is_empty());
    }
}
