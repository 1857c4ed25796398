import { describe, expect, it } from 'vitest';
import { ChatConnection, type SocketLike, parseFrame, socketUrl } from './connection';
import { type Action, type ChatState, initialState, reducer } from './state';
import type { ChatConversation, ChatMessage } from './wire';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  /** The server side. */
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  frame(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

function message(seq: number, fromAgent = true, clientMsgId = `c${seq}`): ChatMessage {
  return {
    id: 100 + seq,
    conversationId: 1,
    seq,
    fromAgent,
    kind: 'text',
    content: `m${seq}`,
    card: null,
    clientMsgId,
    createTime: `2026-11-24T12:00:0${seq}.000Z`,
  };
}

const conversation: ChatConversation = {
  conversationId: 1,
  shopId: 1,
  peerName: 'Shop',
  peerAvatar: null,
  lastMessage: message(2),
  unread: 0,
  peerReadSeq: 0,
  updateTime: '2026-11-24T12:00:02.000Z',
};

function harness() {
  let state: ChatState = reducer(initialState('buyer'), { type: 'conversations', list: [conversation] });
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const errors: string[] = [];
  const readies: boolean[] = [];
  const connection = new ChatConnection({
    url: 'ws://test/api/p/chat/ws',
    open: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    getState: () => state,
    dispatch: (action: Action) => {
      state = reducer(state, action);
    },
    onError: (msg) => errors.push(msg),
    onReady: (reconnected) => readies.push(reconnected),
    setTimer: (fn, ms) => {
      const timer = { fn, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
    now: () => 42,
    random: () => 0.5,
  });
  const fire = () => {
    const timer = timers.filter((t) => !t.cleared).pop();
    if (!timer) throw new Error('no timer');
    timer.cleared = true;
    timer.fn();
    return timer.ms;
  };
  return { connection, sockets, timers, errors, readies, fire, state: () => state, set: (s: ChatState) => (state = s) };
}

describe('ChatConnection', () => {
  it('says hello with the cursors, and is online after ready', () => {
    const h = harness();
    h.connection.start();
    const socket = h.sockets[0] as FakeSocket;
    expect(h.state().status).toBe('connecting');
    socket.open();
    expect(socket.sent).toEqual([{ type: 'hello', cursors: [{ conversationId: 1, seq: 2 }] }]);
    expect(h.state().status).toBe('syncing');
    expect(h.connection.send({ type: 'typing', conversationId: 1 })).toBe(false);
    socket.frame({ type: 'message', message: message(3) });
    socket.frame({ type: 'ready' });
    expect(h.state().status).toBe('online');
    expect(h.readies).toEqual([false]);
    expect(h.state().conversations[1]?.messages.map((m) => m.seq)).toEqual([3]);
    expect(h.connection.send({ type: 'typing', conversationId: 1 })).toBe(true);
  });

  it('reconnects with growing backoff, resends pending sends after the replay, and replays once and in order', () => {
    const h = harness();
    h.connection.start();
    let socket = h.sockets[0] as FakeSocket;
    socket.open();
    socket.frame({ type: 'ready' });
    // A send that never got its ack before the socket dropped.
    h.set(reducer(h.state(), { type: 'send', pending: { clientMsgId: 'mine', conversationId: 1, kind: 'text', content: 'hello', card: null, sentAt: 0 } }));
    socket.drop();
    expect(h.state().status).toBe('offline');
    expect(h.fire()).toBe(500);
    (h.sockets[1] as FakeSocket).drop();
    expect(h.fire()).toBe(1000);
    socket = h.sockets[2] as FakeSocket;
    socket.open();
    expect(socket.sent[0]).toEqual({ type: 'hello', cursors: [{ conversationId: 1, seq: 2 }] });
    // The replay: three messages, one of them twice and out of order.
    socket.frame({ type: 'message', message: message(4) });
    socket.frame({ type: 'message', message: message(3) });
    socket.frame({ type: 'message', message: message(5) });
    socket.frame({ type: 'message', message: message(4) });
    socket.frame({ type: 'ready' });
    expect(h.state().conversations[1]?.messages.map((m) => m.seq)).toEqual([3, 4, 5]);
    expect(h.state().conversations[1]?.conversation.unread).toBe(3);
    expect(socket.sent[1]).toEqual({ type: 'send', clientMsgId: 'mine', conversationId: 1, kind: 'text', content: 'hello' });
    expect(h.readies).toEqual([false, true]);
    socket.frame({ type: 'ack', clientMsgId: 'mine', message: message(6, false, 'mine') });
    expect(h.state().pending).toEqual([]);
    // A good connection starts the backoff again.
    socket.drop();
    expect(h.fire()).toBe(500);
  });

  it('going offline drops the socket; coming online reconnects at once', () => {
    const h = harness();
    h.connection.start();
    const socket = h.sockets[0] as FakeSocket;
    socket.open();
    socket.frame({ type: 'ready' });
    h.connection.wentOffline();
    expect(socket.closed).toBe(true);
    expect(h.state().status).toBe('offline');
    expect(h.timers.filter((t) => !t.cleared)).toHaveLength(0);
    h.connection.cameOnline();
    expect(h.sockets).toHaveLength(2);
    expect(h.state().status).toBe('connecting');
  });

  it('a refused send fails with its message; other errors are reported', () => {
    const h = harness();
    h.connection.start();
    const socket = h.sockets[0] as FakeSocket;
    socket.open();
    socket.frame({ type: 'ready' });
    h.set(reducer(h.state(), { type: 'send', pending: { clientMsgId: 'x', conversationId: 1, kind: 'text', content: 'x', card: null, sentAt: 0 } }));
    socket.frame({ type: 'error', clientMsgId: 'x', code: 'A00001', msg: 'Slow down' });
    socket.frame({ type: 'error', clientMsgId: null, code: 'A00001', msg: 'Bad frame' });
    expect(h.state().pending[0]).toMatchObject({ status: 'failed', error: 'Slow down' });
    expect(h.errors).toEqual(['Bad frame']);
  });

  it('passes read receipts, typing and new conversations on', () => {
    const h = harness();
    h.connection.start();
    const socket = h.sockets[0] as FakeSocket;
    socket.open();
    socket.frame({ type: 'read', conversationId: 1, fromAgent: true, seq: 2 });
    socket.frame({ type: 'typing', conversationId: 1, fromAgent: true });
    socket.frame({ type: 'conversation', conversation: { ...conversation, conversationId: 2 } });
    socket.onmessage?.({ data: 'not json' });
    expect(h.state().conversations[1]?.conversation.peerReadSeq).toBe(2);
    expect(h.state().conversations[1]?.typingUntil).toBeGreaterThan(42);
    expect(Object.keys(h.state().conversations)).toEqual(['1', '2']);
  });

  it('stop closes for good', () => {
    const h = harness();
    h.connection.start();
    const socket = h.sockets[0] as FakeSocket;
    socket.open();
    h.connection.stop();
    expect(socket.closed).toBe(true);
    expect(h.timers).toHaveLength(0);
  });
});

describe('frames and URL', () => {
  it('parses only JSON objects with a type', () => {
    expect(parseFrame('{"type":"ready"}')).toEqual({ type: 'ready' });
    expect(parseFrame('[]')).toBeNull();
    expect(parseFrame('{')).toBeNull();
    expect(parseFrame(3)).toBeNull();
  });

  it('uses wss on https', () => {
    expect(socketUrl({ protocol: 'https:', host: 'mall.example' })).toBe('wss://mall.example/api/p/chat/ws');
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/api/p/chat/ws');
  });
});
