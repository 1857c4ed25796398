//! What a page's server-side render hands the API it calls in-process. The pages speak the
//! same contract as any other client; this only spares the API work the page request has
//! already done.

/// The page request's session, looked up once by the page handler. Every in-process API call
/// of that render carries it as a request extension (which only code in this process can set:
/// a request from the network brings headers, not extensions), and the API's sign-in check
/// takes the user from it when the call's token is this one, instead of finding the session
/// again: a signed-in page made one session lookup per call (five on the home page).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifiedSession {
    /// The session token the page request carried.
    pub token: String,
    /// Its signed-in user; `None` when the session is unknown or has expired.
    pub user_id: Option<i64>,
}
