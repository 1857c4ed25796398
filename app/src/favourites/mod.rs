//! The buyer's favourites and footprints: the user centre's `uc-collection` and `uc-footprint`
//! pages ([`collection`], [`footprint`], rendered on the server), their islands
//! ([`collection_list`], [`footprint_list`]), and the rules they share. The product detail
//! page's collect button is `crate::catalog::collect_product`.

pub mod collection_list;
pub mod footprint_list;

ssr_only! {
    pub mod collection;
    pub mod footprint;
}

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// The empty state an island shows once its list is emptied (the markup of
/// `crate::components::empty_state::EmptyState`, which renders only on the server).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EmptyView {
    /// The illustration under `/static/empty/`.
    pub image: String,
    pub title: String,
    pub action: String,
    pub href: String,
    pub test_id: String,
}

/// An emptied list's empty state.
pub fn empty_view(empty: EmptyView) -> impl IntoView {
    view! {
        <section class="empty-state" data-testid=empty.test_id>
            <img class="empty-state__image" src=empty.image alt="" width="200" height="160" />
            <p class="empty-state__title">{empty.title}</p>
            <a class="button button--primary" href=empty.href>{empty.action}</a>
        </section>
    }
}
