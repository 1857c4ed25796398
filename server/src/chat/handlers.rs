//! The chat's HTTP calls. Every path is under `/p/`: a guest gets `A00004` from [`AuthUser`].
//! A conversation the caller is not part of answers `A00001` "conversation not found", the
//! same as one that does not exist.

use super::repo::{self, Conversation, Counterpart, Owner, Side};
use crate::db::Db;
use crate::http::auth::AuthUser;
use crate::http::error::{ok, ApiError, ApiResult};
use crate::http::extract::{ApiJson, ApiQuery, Locale};
use crate::http::params::invalid;
use crate::state::AppState;
use api::chat::{
    ChatConversation, ChatMessagePage, ChatMessagesQuery, ChatProfile, ChatUnread, OpenConversation, ReadUpTo,
    CHAT_PAGE_SIZE, CHAT_PAGE_SIZE_MAX,
};
use axum::extract::State;
use i18n::Lang;

pub(super) const NOT_FOUND: &str = "error-chat-not-found";

/// The conversation `conversation_id` and the caller's side of it, or "not found" when it
/// does not exist or the caller is not part of it.
pub(super) async fn member(
    db: &Db,
    user_id: i64,
    agent_shop: Option<i64>,
    conversation_id: i64,
) -> Result<(Conversation, Side), ApiError> {
    let conversation = repo::conversation(db, conversation_id).await?.ok_or(ApiError::bad(NOT_FOUND))?;
    let side = conversation.side(user_id, agent_shop).ok_or(ApiError::bad(NOT_FOUND))?;
    Ok((conversation, side))
}

/// The name of the platform's customer service, in `lang`.
pub(super) fn platform_name(lang: Lang) -> String {
    i18n::t(lang, "chat-platform-name")
}

/// The caller's conversations are a shop's when they are its agent, else their own.
fn owner(user_id: i64, agent_shop: Option<i64>) -> (Owner, Side) {
    match agent_shop {
        Some(shop) => (Owner::Shop(shop), Side::Agent),
        None => (Owner::Buyer(user_id), Side::Buyer),
    }
}

/// `GET /p/chat/profile`.
pub(super) async fn profile(user: AuthUser, State(state): State<AppState>) -> ApiResult<ChatProfile> {
    let shop_id = repo::agent_shop(&state.db, user.user_id).await?;
    let name = repo::nick_name(&state.db, user.user_id).await?;
    ok(ChatProfile { agent: shop_id.is_some(), shop_id, name })
}

/// `POST /p/chat/conversation`: the buyer's conversation with a shop or the platform, opened
/// when new (its agents hear of it). A shop that is unknown or not open answers 'There No Shop
/// Chat Support'; an open shop without an agent 'No Chat Support available from this shop'.
pub(super) async fn open(
    user: AuthUser,
    Locale(lang): Locale,
    State(state): State<AppState>,
    ApiJson(param): ApiJson<OpenConversation>,
) -> ApiResult<ChatConversation> {
    let db = &state.db;
    if repo::agent_shop(db, user.user_id).await? == Some(param.shop_id) {
        return Err(ApiError::bad("error-chat-own-shop"));
    }
    match repo::counterpart(db, param.shop_id).await? {
        Counterpart::Unknown => return Err(ApiError::bad("error-chat-no-shop")),
        Counterpart::NoSupport => return Err(ApiError::bad("error-chat-no-support")),
        Counterpart::Supported => {}
    }
    let (conversation, new) = repo::open(db, user.user_id, param.shop_id).await?;
    if new {
        state.chat.opened(conversation.conversation_id, conversation.shop_id).await;
    }
    let view = repo::views(db, Owner::Buyer(user.user_id), Some(conversation.conversation_id)).await?;
    let view = view.into_iter().next().ok_or(ApiError::bad(NOT_FOUND))?;
    ok(view.wire(Side::Buyer, &platform_name(lang)))
}

/// `GET /p/chat/conversations`: newest activity first; an agent's are its shop's.
pub(super) async fn conversations(
    user: AuthUser,
    Locale(lang): Locale,
    State(state): State<AppState>,
) -> ApiResult<Vec<ChatConversation>> {
    let agent_shop = repo::agent_shop(&state.db, user.user_id).await?;
    let (owner, side) = owner(user.user_id, agent_shop);
    let platform = platform_name(lang);
    let views = repo::views(&state.db, owner, None).await?;
    ok(views.into_iter().map(|v| v.wire(side, &platform)).collect())
}

/// `GET /p/chat/messages`: a page of a conversation's messages before `beforeSeq`, ascending.
pub(super) async fn messages(
    user: AuthUser,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ChatMessagesQuery>,
) -> ApiResult<ChatMessagePage> {
    let size = match query.size {
        None => CHAT_PAGE_SIZE,
        Some(size) if (1..=CHAT_PAGE_SIZE_MAX).contains(&size) => size,
        Some(_) => return Err(invalid("size")),
    };
    if query.before_seq.is_some_and(|s| s < 1) {
        return Err(invalid("beforeSeq"));
    }
    let agent_shop = repo::agent_shop(&state.db, user.user_id).await?;
    let (conversation, _) = member(&state.db, user.user_id, agent_shop, query.conversation_id).await?;
    let (records, has_more) = repo::page(&state.db, conversation.conversation_id, query.before_seq, size).await?;
    ok(ChatMessagePage { records, has_more })
}

/// `GET /p/chat/unread`: the caller's unread messages (an agent's: its shop's).
pub(super) async fn unread(user: AuthUser, State(state): State<AppState>) -> ApiResult<ChatUnread> {
    ok(ChatUnread { total: repo::unread_total(&state.db, user.user_id).await? })
}

/// `POST /p/chat/read`: the caller's side has read up to `seq`; both sides hear it.
pub(super) async fn read(
    user: AuthUser,
    State(state): State<AppState>,
    ApiJson(param): ApiJson<ReadUpTo>,
) -> ApiResult<()> {
    if param.seq < 0 {
        return Err(invalid("seq"));
    }
    let agent_shop = repo::agent_shop(&state.db, user.user_id).await?;
    let (conversation, side) = member(&state.db, user.user_id, agent_shop, param.conversation_id).await?;
    if let Some(seq) = repo::mark_read(&state.db, &conversation, side, param.seq).await? {
        state.chat.read(conversation.buyer_id, conversation.shop_id, conversation.conversation_id, side, seq).await;
    }
    ok(())
}
