//! The unread total of the chat: every badge the server renders (the header's Messages link,
//! the quick menu's chat item) is a [`ChatUnread`], marked with `data-chat-unread`; the frame's
//! script (`widgets/src/frame.ts`) hears `mall:chat-unread` and brings all of them up to date.

use crate::components::badge_count;
use leptos::prelude::*;

/// Badges show at most this (then `99+`).
pub const UNREAD_CAP: i64 = 99;

/// An unread badge as the server renders it: hidden at 0, capped at 99+.
#[component]
pub fn ChatUnread(count: i64, testid: &'static str) -> impl IntoView {
    view! {
        <span class="badge chat-unread" data-testid=testid data-chat-unread="" data-count=count hidden=count <= 0>
            {badge_count(count, UNREAD_CAP)}
        </span>
    }
}
