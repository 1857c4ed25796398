//! "Copy link" of the share card: the frame's script (`enhanceCopyLinks` in
//! `widgets/src/product.ts`) copies the page's full address (origin + `path`) with the
//! asynchronous clipboard API and confirms with a toast; the link itself is in the HTML, so
//! without JavaScript it can still be opened or copied by hand.

use leptos::prelude::*;

/// The path to copy and the button's translated texts.
pub struct CopyLink {
    pub path: String,
    pub label: String,
    pub copied: String,
    pub failed: String,
}

/// Renders [`CopyLink`]: a button carrying what the script needs.
pub fn copy_link(props: CopyLink) -> impl IntoView {
    let CopyLink { path, label, copied, failed } = props;
    view! {
        <button type="button" class="button" data-testid="copy-link"
            data-copy-link=path data-copied=copied data-copy-failed=failed>{label}</button>
    }
}
