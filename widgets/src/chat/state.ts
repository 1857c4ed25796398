/**
 * The chat's state without the browser: conversations with their messages, the sends still
 * waiting for the server, read receipts, typing and the connection. `reducer` is pure; the
 * socket (`./connection.ts`) and the UI feed it actions.
 *
 * Rules:
 * - a message is known once: merging de-duplicates by id and by seq and keeps them ascending
 *   by seq (the server's per-conversation order), whatever order they arrive in;
 * - a send is pending under its `clientMsgId` until the server's `ack` (or the same message
 *   echoed from another tab or replayed after a reconnect) brings the stored message; it is
 *   `sending` while it may still be delivered (it is resent after every reconnect) and
 *   `failed` when the server refused it (with its message) or it waited too long;
 * - unread counts messages of the peer with a seq above the caller's read seq; a message of
 *   the peer counts once, however often it arrives;
 * - read receipts: `peerReadSeq` is how far the other side has read; own messages up to it
 *   are read.
 */
import { CHAT_MAX_TEXT_CHARS } from '../generated/limits';
import type { ChatConversation, ChatMessage, ShareCard } from './wire';

/** Which side the widget is: the buyer, or a shop's or the platform's agent. */
export type Side = 'buyer' | 'agent';

export type MessageKind = 'text' | 'image' | 'card';

/** A send not yet stored by the server. */
export interface PendingSend {
  clientMsgId: string;
  conversationId: number;
  kind: MessageKind;
  content: string;
  card: ShareCard | null;
  status: 'sending' | 'failed';
  /** The server's refusal (shown under the message); such a send is not resent by itself. */
  error: string | null;
  /** When it was (last) handed to the socket, in ms. */
  sentAt: number;
}

export interface ConversationState {
  conversation: ChatConversation;
  /** Known messages, ascending by seq, each once. */
  messages: ChatMessage[];
  /** Whether older messages than the first known one exist (unknown until the first page). */
  hasMore: boolean;
  /** The history's newest page has been loaded. */
  loaded: boolean;
  /** The peer's typing shows until this time (ms). */
  typingUntil: number;
  /** The caller's own read seq (what has been reported read). */
  readSeq: number;
  /** The server's `unread` counts the peer's messages up to this seq; newer ones are counted here. */
  countedSeq: number;
}

export type ConnectionStatus = 'connecting' | 'syncing' | 'online' | 'offline';

export interface ChatState {
  side: Side;
  conversations: Record<number, ConversationState>;
  pending: PendingSend[];
  status: ConnectionStatus;
}

export const initialState = (side: Side): ChatState => ({ side, conversations: {}, pending: [], status: 'connecting' });

/** How long the peer's "typing…" shows after its last typing frame. */
export const TYPING_SHOWN_MS = 4000;
/** At most one typing frame per this many ms. */
export const TYPING_THROTTLE_MS = 3000;
/** A send without an answer after this long shows as failed (it is still resent on reconnect). */
export const SEND_TIMEOUT_MS = 15_000;

export type Action =
  | { type: 'conversations'; list: ChatConversation[] }
  | { type: 'conversation'; conversation: ChatConversation }
  | { type: 'history'; conversationId: number; records: ChatMessage[]; hasMore: boolean }
  | { type: 'message'; message: ChatMessage }
  | { type: 'ack'; clientMsgId: string; message: ChatMessage }
  | { type: 'send'; pending: Omit<PendingSend, 'status' | 'error'> }
  | { type: 'resent'; clientMsgIds: string[]; at: number }
  | { type: 'send-failed'; clientMsgId: string; error: string | null }
  | { type: 'timeouts'; now: number }
  | { type: 'discard'; clientMsgId: string }
  | { type: 'read'; conversationId: number; fromAgent: boolean; seq: number }
  | { type: 'read-local'; conversationId: number; seq: number }
  | { type: 'typing'; conversationId: number; fromAgent: boolean; now: number }
  | { type: 'status'; status: ConnectionStatus };

/** Whether `message` was written by the side the widget is. */
export const isMine = (side: Side, message: { fromAgent: boolean }): boolean => message.fromAgent === (side === 'agent');

/** `existing` and `incoming` as one list: each message once (by id and by seq), ascending by seq. */
export function mergeMessages(existing: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return existing as ChatMessage[];
  const bySeq = new Map<number, ChatMessage>();
  const ids = new Set<number>();
  for (const message of [...existing, ...incoming]) {
    if (ids.has(message.id) || bySeq.has(message.seq)) continue;
    ids.add(message.id);
    bySeq.set(message.seq, message);
  }
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** The newest seq known of a conversation: its messages' or its last message's. */
export function lastSeq(state: ConversationState): number {
  const last = state.messages[state.messages.length - 1]?.seq ?? 0;
  return Math.max(last, state.conversation.lastMessage?.seq ?? 0);
}

/** The `hello` cursors: per known conversation, the newest seq it holds. */
export function cursors(state: ChatState): { conversationId: number; seq: number }[] {
  return Object.values(state.conversations).map((c) => ({
    conversationId: c.conversation.conversationId,
    seq: c.messages[c.messages.length - 1]?.seq ?? c.conversation.lastMessage?.seq ?? 0,
  }));
}

/** Conversations newest activity first. */
export function orderedConversations(state: ChatState): ConversationState[] {
  const time = (c: ConversationState) => c.messages[c.messages.length - 1]?.createTime ?? c.conversation.lastMessage?.createTime ?? c.conversation.updateTime;
  return Object.values(state.conversations).sort((a, b) => {
    const order = time(b).localeCompare(time(a));
    return order !== 0 ? order : b.conversation.conversationId - a.conversation.conversationId;
  });
}

/** The unread total over every conversation. */
export const unreadTotal = (state: ChatState): number =>
  Object.values(state.conversations).reduce((sum, c) => sum + Math.max(0, c.conversation.unread), 0);

/** The seq to report read when the conversation is on screen, or null when nothing new is unread. */
export function readSeqToReport(state: ChatState, conversationId: number): number | null {
  const c = state.conversations[conversationId];
  if (!c) return null;
  const newest = lastSeq(c);
  const fromPeer = [...c.messages].reverse().find((m) => !isMine(state.side, m))?.seq ?? 0;
  const lastFromPeer = c.conversation.lastMessage && !isMine(state.side, c.conversation.lastMessage) ? c.conversation.lastMessage.seq : 0;
  return Math.max(fromPeer, lastFromPeer) > c.readSeq || c.conversation.unread > 0 ? newest : null;
}

/** Whether one's own message `seq` has been read by the peer. */
export const isReadByPeer = (c: ConversationState, seq: number): boolean => seq <= c.conversation.peerReadSeq;

/** The sends of a conversation still pending, oldest first. */
export const pendingOf = (state: ChatState, conversationId: number): PendingSend[] =>
  state.pending.filter((p) => p.conversationId === conversationId);

/** The sends to hand to a (re)connected socket: every pending one the server did not refuse. */
export const toResend = (state: ChatState): PendingSend[] => state.pending.filter((p) => p.error === null);

function fresh(conversation: ChatConversation): ConversationState {
  return {
    conversation,
    messages: [],
    hasMore: true,
    loaded: false,
    typingUntil: 0,
    // What the server counts unread is above the caller's read seq.
    readSeq: Math.max(0, (conversation.lastMessage?.seq ?? 0) - Math.max(0, conversation.unread)),
    countedSeq: conversation.lastMessage?.seq ?? 0,
  };
}

/** `state` with conversation `id` replaced by `next`. */
function putConversation(state: ChatState, id: number, next: ConversationState): ChatState {
  return { ...state, conversations: { ...state.conversations, [id]: next } };
}

function withConversation(state: ChatState, conversation: ChatConversation): ChatState {
  const known = state.conversations[conversation.conversationId];
  const current = known !== undefined && (conversation.lastMessage?.seq ?? 0) >= lastSeq(known);
  const next: ConversationState = known
    ? {
        ...known,
        countedSeq: current ? (conversation.lastMessage?.seq ?? 0) : known.countedSeq,
        conversation: {
          ...conversation,
          // Never go back: the socket may already have brought newer messages or receipts.
          lastMessage: newest(known.conversation.lastMessage, conversation.lastMessage),
          peerReadSeq: Math.max(known.conversation.peerReadSeq, conversation.peerReadSeq),
          unread: current ? conversation.unread : known.conversation.unread,
        },
      }
    : fresh(conversation);
  return putConversation(state, conversation.conversationId, next);
}

const newest = (a: ChatMessage | null, b: ChatMessage | null): ChatMessage | null => (!a ? b : !b ? a : b.seq >= a.seq ? b : a);

/** Adds stored messages to their conversation; the peer's new ones count unread. */
function withMessages(state: ChatState, conversationId: number, messages: ChatMessage[], countUnread: boolean): ChatState {
  const c = state.conversations[conversationId];
  if (!c) return state;
  const before = new Set(c.messages.map((m) => m.seq));
  const merged = mergeMessages(c.messages, messages);
  const known = lastSeq(c);
  const added = messages.filter((m, i) => !before.has(m.seq) && messages.findIndex((o) => o.seq === m.seq) === i);
  const newUnread = countUnread
    ? added.filter((m) => !isMine(state.side, m) && m.seq > c.readSeq && m.seq > c.countedSeq).length
    : 0;
  const peerSent = added.some((m) => !isMine(state.side, m));
  const last = merged[merged.length - 1] ?? null;
  const stored = new Set(messages.map((m) => m.clientMsgId));
  return {
    ...state,
    pending: state.pending.filter((p) => !(p.conversationId === conversationId && stored.has(p.clientMsgId))),
    conversations: {
      ...state.conversations,
      [conversationId]: {
        ...c,
        messages: merged,
        typingUntil: peerSent ? 0 : c.typingUntil,
        conversation: {
          ...c.conversation,
          lastMessage: newest(c.conversation.lastMessage, last),
          unread: c.conversation.unread + newUnread,
          updateTime: last && last.seq > known ? last.createTime : c.conversation.updateTime,
        },
      },
    },
  };
}

export function reducer(state: ChatState, action: Action): ChatState {
  switch (action.type) {
    case 'conversations':
      return action.list.reduce(withConversation, state);
    case 'conversation':
      return withConversation(state, action.conversation);
    case 'history': {
      const c = state.conversations[action.conversationId];
      if (!c) return state;
      // An older page: the oldest known message decides whether more exist.
      const olderPage = c.loaded;
      const next = withMessages(state, action.conversationId, action.records, false);
      const updated = next.conversations[action.conversationId] as ConversationState;
      return putConversation(next, action.conversationId, {
        ...updated,
        loaded: true,
        hasMore: olderPage || !c.loaded ? action.hasMore : c.hasMore,
      });
    }
    case 'message':
      return withMessages(state, action.message.conversationId, [action.message], true);
    case 'ack': {
      const next = withMessages(state, action.message.conversationId, [action.message], false);
      return { ...next, pending: next.pending.filter((p) => p.clientMsgId !== action.clientMsgId) };
    }
    case 'send':
      return { ...state, pending: [...state.pending, { ...action.pending, status: 'sending', error: null }] };
    case 'resent': {
      const ids = new Set(action.clientMsgIds);
      return {
        ...state,
        pending: state.pending.map((p) => (ids.has(p.clientMsgId) ? { ...p, status: 'sending', error: null, sentAt: action.at } : p)),
      };
    }
    case 'send-failed':
      return {
        ...state,
        pending: state.pending.map((p) => (p.clientMsgId === action.clientMsgId ? { ...p, status: 'failed', error: action.error } : p)),
      };
    case 'timeouts': {
      if (!state.pending.some((p) => p.status === 'sending' && action.now - p.sentAt >= SEND_TIMEOUT_MS)) return state;
      return {
        ...state,
        pending: state.pending.map((p) => (p.status === 'sending' && action.now - p.sentAt >= SEND_TIMEOUT_MS ? { ...p, status: 'failed' } : p)),
      };
    }
    case 'discard':
      return { ...state, pending: state.pending.filter((p) => p.clientMsgId !== action.clientMsgId) };
    case 'read': {
      const c = state.conversations[action.conversationId];
      if (!c) return state;
      const fromMe = action.fromAgent === (state.side === 'agent');
      if (fromMe) {
        // One's own read elsewhere (another tab): nothing of the peer is unread up to it.
        if (action.seq <= c.readSeq) return state;
        const unread = c.messages.filter((m) => !isMine(state.side, m) && m.seq > action.seq).length;
        return putConversation(state, action.conversationId, {
          ...c,
          readSeq: action.seq,
          conversation: { ...c.conversation, unread: action.seq >= lastSeq(c) ? 0 : Math.min(c.conversation.unread, unread) },
        });
      }
      if (action.seq <= c.conversation.peerReadSeq) return state;
      return putConversation(state, action.conversationId, { ...c, conversation: { ...c.conversation, peerReadSeq: action.seq } });
    }
    case 'read-local': {
      const c = state.conversations[action.conversationId];
      if (!c) return state;
      return putConversation(state, action.conversationId, {
        ...c,
        readSeq: Math.max(c.readSeq, action.seq),
        conversation: { ...c.conversation, unread: action.seq >= lastSeq(c) ? 0 : c.conversation.unread },
      });
    }
    case 'typing': {
      const c = state.conversations[action.conversationId];
      if (!c || action.fromAgent === (state.side === 'agent')) return state;
      return putConversation(state, action.conversationId, { ...c, typingUntil: action.now + TYPING_SHOWN_MS });
    }
    case 'status':
      return state.status === action.status ? state : { ...state, status: action.status };
  }
}

/** The reconnect delay after `attempt` failures: 0.5 s doubling to 30 s, with ±20 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 500 * 2 ** Math.max(0, Math.min(attempt, 10)));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Lets a typing frame through at most once per {@link TYPING_THROTTLE_MS} per conversation. */
export class TypingThrottle {
  private last = new Map<number, number>();
  constructor(private readonly interval = TYPING_THROTTLE_MS) {}
  /** Whether a typing frame for `conversationId` may be sent at `now`; if so, it counts as sent. */
  allow(conversationId: number, now: number): boolean {
    const last = this.last.get(conversationId);
    if (last !== undefined && now - last < this.interval) return false;
    this.last.set(conversationId, now);
    return true;
  }
  /** A message was sent: the next keystroke may say typing again. */
  reset(conversationId: number): void {
    this.last.delete(conversationId);
  }
}

/** The longest text message (characters), as the server holds it. */
export const MAX_TEXT_CHARS = CHAT_MAX_TEXT_CHARS;

/** The text to send: trimmed; null when empty or too long. */
export function textToSend(draft: string): string | null {
  const text = draft.trim();
  if (text === '' || [...text].length > MAX_TEXT_CHARS) return null;
  return text;
}

/** A new client message id (a UUID where the browser has one). */
export function newClientMsgId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
