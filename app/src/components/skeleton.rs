//! Skeleton loaders (spec section 2 "Product list"): grey shapes of a product card, a product
//! list, the category bar, the breadcrumb and the sort bar. Pages render complete on the
//! server, so skeletons fill the gap while the *next* page loads: a list page holds them in a
//! `<template data-skeleton-for="…">`, and links marked `data-skeleton="…"` swap them into the
//! results region on click (see `widgets/src/skeleton.ts`). The category menu's widget draws
//! its own category skeleton while it loads a group.

use crate::context::page_ctx;
use leptos::prelude::*;

/// One product card's shape: picture, two lines of name, price.
#[component]
pub fn ProductCardSkeleton() -> impl IntoView {
    view! {
        <div class="product-card skeleton skeleton--card" aria-hidden="true">
            <span class="skeleton__block skeleton__block--picture"></span>
            <span class="skeleton__bar"></span>
            <span class="skeleton__bar skeleton__bar--short"></span>
            <span class="skeleton__bar skeleton__bar--price"></span>
        </div>
    }
}

/// A grid of `count` product card skeletons, `per_row` per row like the real grid.
#[component]
pub fn ProductListSkeleton(#[prop(default = 10)] count: usize, #[prop(default = 5)] per_row: u8) -> impl IntoView {
    let class = format!("product-grid product-grid--{} skeleton--list", per_row.clamp(3, 5));
    view! { <div class=class>{(0..count).map(|_| view! { <ProductCardSkeleton /> }).collect_view()}</div> }
}

/// The sort bar's shape: five sort buttons and the total.
#[component]
pub fn SortFilterSkeleton() -> impl IntoView {
    view! {
        <div class="sort-bar skeleton skeleton--sort" aria-hidden="true">
            {(0..5).map(|_| view! { <span class="skeleton__bar skeleton__bar--chip"></span> }).collect_view()}
        </div>
    }
}

/// The breadcrumb's shape: three short crumbs.
#[component]
pub fn BreadcrumbSkeleton() -> impl IntoView {
    view! {
        <div class="breadcrumb skeleton skeleton--breadcrumb" aria-hidden="true">
            {(0..3).map(|_| view! { <span class="skeleton__bar skeleton__bar--crumb"></span> }).collect_view()}
        </div>
    }
}

/// The category bar's shape: a row of category chips.
#[component]
pub fn CategorySkeleton() -> impl IntoView {
    view! {
        <div class="category-chips skeleton skeleton--chips" aria-hidden="true">
            {(0..6).map(|_| view! { <span class="skeleton__bar skeleton__bar--chip"></span> }).collect_view()}
        </div>
    }
}

/// What a list's results region shows while the next list page loads, kept in a template.
#[component]
pub fn ListSkeletonTemplate(region: &'static str, #[prop(default = 5)] per_row: u8) -> impl IntoView {
    let ctx = page_ctx();
    view! {
        <template data-skeleton-for=region>
            <div role="status" class="skeleton-status">
                <span class="visually-hidden">{ctx.t("loading")}</span>
                <BreadcrumbSkeleton />
                <CategorySkeleton />
                <SortFilterSkeleton />
                <ProductListSkeleton count=per_row as usize * 2 per_row=per_row />
            </div>
        </template>
    }
}
