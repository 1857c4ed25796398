//! Inline SVG icons (no icon font, no emoji: both depend on fonts the visitor may lack).

use leptos::prelude::*;

/// The icons the shell uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IconName {
    Notice,
    Globe,
    Cart,
    User,
    Shop,
    Chat,
    ArrowUp,
}

impl IconName {
    fn path(self) -> &'static str {
        match self {
            IconName::Notice => "M3 10v4h3l5 4V6L6 10H3zm13.5 2a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z",
            IconName::Globe => "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8zM12 4a14 14 0 0 1 1.9 4h-3.8A14 14 0 0 1 12 4zM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3zm.8 2h2.9a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16zM8 8H5.1a8 8 0 0 1 4.3-3.6A15.7 15.7 0 0 0 8 8zm4 12a14 14 0 0 1-1.9-4h3.8A14 14 0 0 1 12 20zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4zm.3 5.6a15.7 15.7 0 0 0 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4z",
            IconName::Cart => "M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM7.2 14h9.9a2 2 0 0 0 1.8-1.1L22 6H5.2l-.9-2H1v2h2l3.6 7.6L5.2 16c-.5 1 .2 2 1.3 2H19v-2H7.4l-.2-.3.0-.1L7.2 14z",
            IconName::User => "M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-3.3 0-10 1.7-10 5v3h20v-3c0-3.3-6.7-5-10-5z",
            IconName::Shop => "M4 4h16l1 5a3 3 0 0 1-2 2.8V20H5v-8.2A3 3 0 0 1 3 9l1-5zm3 16h4v-5h2v5h4v-8a3 3 0 0 1-2.5-1.3A3 3 0 0 1 12 12a3 3 0 0 1-2.5-1.3A3 3 0 0 1 7 12v8z",
            IconName::Chat => "M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-4 4V5a2 2 0 0 1 2-2zm3 6v2h2V9H7zm4 0v2h2V9h-2zm4 0v2h2V9h-2z",
            IconName::ArrowUp => "M12 4l-8 8 1.4 1.4L11 7.8V20h2V7.8l5.6 5.6L20 12z",
        }
    }
}

/// A 1em square icon that inherits the text colour; hidden from screen readers.
#[component]
pub fn Icon(name: IconName) -> impl IntoView {
    view! {
        <svg class="icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path fill="currentColor" d=name.path() />
        </svg>
    }
}
