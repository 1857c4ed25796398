//! Orders: `/submit-order` (the order confirmation of cart lines or of the buy-now item, and
//! its submission) and `/order-detail?orderNumber=` (page id 9: one order, its progress and its
//! actions), and the buyer's orders in the user centre (`uc-order`). All need a signed-in
//! buyer: guests go to /login (their paths contain "order", spec section 6).

pub mod checkout;
pub mod order_actions;
pub mod rules;

ssr_only! {
    pub mod buyers_order;
    pub mod detail;
    pub mod my_orders;
    pub mod submit;
}

/// The `sessionStorage` key of the buy-now item (written by the detail page's buy box).
pub const BUY_NOW_KEY: &str = "mall.buyNow";

/// For a guest (or an ended session), answers 302 to /login, which comes back to this page
/// with its query string, and returns true: the page renders nothing else.
#[cfg(feature = "ssr")]
pub(crate) fn guest_to_login(ctx: &crate::context::PageCtx) -> bool {
    if ctx.shell.nick_name.is_some() {
        return false;
    }
    let here = if ctx.prefs.query.is_empty() {
        ctx.prefs.path.clone()
    } else {
        format!("{}?{}", ctx.prefs.path, ctx.prefs.query)
    };
    crate::context::redirect_to(&api::client_rules::login_url(&here));
    true
}
