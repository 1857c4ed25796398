/**
 * The chat's wire types, as `api/src/chat.rs` defines them (generated into
 * `../generated/types`).
 */
export type {
  ChatClientFrame,
  ChatConversation,
  ChatKind,
  ChatMessage,
  ChatMessagePage,
  ChatProfile,
  ChatServerFrame,
  ChatUnread,
  ShareCard,
} from '../generated/types';
