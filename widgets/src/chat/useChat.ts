/**
 * The chat's data, for the components: the store, the socket, and the HTTP calls (the
 * conversation list, opening a conversation, history pages, read marks). One per widget.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { ApiError, request } from '../api';
import { emit } from '../events';
import { CHAT_PAGE_SIZE } from '../generated/limits';
import { CHAT_CONVERSATION, CHAT_CONVERSATIONS, CHAT_MESSAGES, CHAT_READ } from '../generated/paths';
import { ChatConnection, type SocketLike } from './connection';
import { type MessageKind, type Side, TypingThrottle, newClientMsgId, readSeqToReport, unreadTotal } from './state';
import { ChatStore } from './store';
import type { ChatConversation, ChatMessagePage, ShareCard } from './wire';

/** Messages per history page. */
export const HISTORY_PAGE = CHAT_PAGE_SIZE;

export type LoadState = 'loading' | 'ready' | 'error';

export function useChat(side: Side) {
  const store = useMemo(() => new ChatStore(side), [side]);
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const [listState, setListState] = useState<LoadState>('loading');
  const throttle = useMemo(() => new TypingThrottle(), []);
  const connectionRef = useRef<ChatConnection | null>(null);

  const loadList = useCallback(async () => {
    try {
      const list = await request<ChatConversation[]>('GET', CHAT_CONVERSATIONS, { handleError: true });
      store.dispatch({ type: 'conversations', list });
      setListState('ready');
      return true;
    } catch {
      setListState((s) => (s === 'ready' ? s : 'error'));
      return false;
    }
  }, [store]);

  // The list first (its last messages are the socket's cursors), then the socket.
  useEffect(() => {
    const connection = new ChatConnection({
      open: (url) => new WebSocket(url) as unknown as SocketLike,
      getState: store.getState,
      dispatch: store.dispatch,
      onError: (msg) => emit('mall:toast', { type: 'error', message: msg }),
      // After a reconnect, conversations opened meanwhile are listed too.
      onReady: (reconnected) => {
        if (reconnected) void loadList();
      },
    });
    connectionRef.current = connection;
    let alive = true;
    request<ChatConversation[]>('GET', CHAT_CONVERSATIONS, { handleError: true })
      .then(
        (list) => {
          store.dispatch({ type: 'conversations', list });
          setListState('ready');
        },
        () => setListState('error'),
      )
      .then(() => {
        if (alive) connection.start();
      });
    const offline = () => connection.wentOffline();
    const online = () => connection.cameOnline();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    // Sends waiting too long show as failed.
    const tick = setInterval(() => store.dispatch({ type: 'timeouts', now: Date.now() }), 1000);
    return () => {
      alive = false;
      clearInterval(tick);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      connection.stop();
      connectionRef.current = null;
    };
  }, [store, loadList]);

  // The unread total goes to the header and the quick menu.
  const total = unreadTotal(state);
  const reported = useRef<number | null>(null);
  useEffect(() => {
    if (listState !== 'ready' || reported.current === total) return;
    reported.current = total;
    emit('mall:chat-unread', { total });
  }, [total, listState]);

  /** Opens (or finds) the buyer's conversation with `shopId`; the refusal's message on failure. */
  const open = useCallback(
    async (shopId: number): Promise<{ id: number } | { error: string }> => {
      const known = Object.values(store.getState().conversations).find((c) => c.conversation.shopId === shopId);
      if (known) return { id: known.conversation.conversationId };
      try {
        const conversation = await request<ChatConversation>('POST', CHAT_CONVERSATION, { body: { shopId }, handleError: true });
        store.dispatch({ type: 'conversation', conversation });
        return { id: conversation.conversationId };
      } catch (err) {
        return { error: err instanceof ApiError && err.message ? err.message : '' };
      }
    },
    [store],
  );

  /** Loads the newest page, or the page before the oldest known message. */
  const loadHistory = useCallback(
    async (conversationId: number): Promise<boolean> => {
      const c = store.getState().conversations[conversationId];
      if (!c) return false;
      const beforeSeq = c.loaded ? c.messages[0]?.seq : undefined;
      try {
        const page = await request<ChatMessagePage>('GET', CHAT_MESSAGES, {
          query: { conversationId, beforeSeq, size: HISTORY_PAGE },
          handleError: true,
        });
        store.dispatch({ type: 'history', conversationId, records: page.records, hasMore: page.hasMore });
        return true;
      } catch {
        return false;
      }
    },
    [store],
  );

  /** Sends a message: pending at once, out now if the socket is ready, else after the next `ready`. */
  const send = useCallback(
    (conversationId: number, kind: MessageKind, content: string, card: ShareCard | null = null) => {
      const clientMsgId = newClientMsgId();
      store.dispatch({ type: 'send', pending: { clientMsgId, conversationId, kind, content, card, sentAt: Date.now() } });
      throttle.reset(conversationId);
      connectionRef.current?.send({ type: 'send', clientMsgId, conversationId, kind, content, ...(card ? { card } : {}) });
    },
    [store, throttle],
  );

  /** Sends a failed message again. */
  const resend = useCallback(
    (clientMsgId: string) => {
      const p = store.getState().pending.find((x) => x.clientMsgId === clientMsgId);
      if (!p) return;
      store.dispatch({ type: 'resent', clientMsgIds: [clientMsgId], at: Date.now() });
      connectionRef.current?.send({
        type: 'send',
        clientMsgId,
        conversationId: p.conversationId,
        kind: p.kind,
        content: p.content,
        ...(p.card ? { card: p.card } : {}),
      });
    },
    [store],
  );

  const discard = useCallback((clientMsgId: string) => store.dispatch({ type: 'discard', clientMsgId }), [store]);

  /** The caller is typing in `conversationId` (throttled). */
  const typing = useCallback(
    (conversationId: number) => {
      if (throttle.allow(conversationId, Date.now())) connectionRef.current?.send({ type: 'typing', conversationId });
    },
    [throttle],
  );

  /** Marks what is on screen read: over the socket when it is up, else over HTTP. */
  const markRead = useCallback(
    (conversationId: number) => {
      const seq = readSeqToReport(store.getState(), conversationId);
      if (seq === null) return;
      store.dispatch({ type: 'read-local', conversationId, seq });
      const sent = connectionRef.current?.send({ type: 'read', conversationId, seq }) ?? false;
      if (!sent) void request('POST', CHAT_READ, { body: { conversationId, seq }, handleError: true }).catch(() => undefined);
    },
    [store],
  );

  return { state, listState, loadList, open, loadHistory, send, resend, discard, typing, markRead };
}

export type Chat = ReturnType<typeof useChat>;
