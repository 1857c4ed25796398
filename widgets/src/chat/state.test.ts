import { describe, expect, it } from 'vitest';
import {
  type ChatState,
  SEND_TIMEOUT_MS,
  TYPING_SHOWN_MS,
  TypingThrottle,
  backoffDelay,
  cursors,
  initialState,
  isReadByPeer,
  mergeMessages,
  orderedConversations,
  pendingOf,
  readSeqToReport,
  reducer,
  textToSend,
  toResend,
  unreadTotal,
} from './state';
import type { ChatConversation, ChatMessage } from './wire';

function msg(seq: number, fromAgent: boolean, conversationId = 1, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: conversationId * 1000 + seq,
    conversationId,
    seq,
    fromAgent,
    kind: 'text',
    content: `m${seq}`,
    card: null,
    clientMsgId: `c-${conversationId}-${seq}`,
    createTime: `2026-11-24T12:00:${String(seq).padStart(2, '0')}.000Z`,
    ...extra,
  };
}

function conv(conversationId: number, lastSeq = 0, unread = 0, extra: Partial<ChatConversation> = {}): ChatConversation {
  return {
    conversationId,
    shopId: conversationId,
    peerName: `Shop ${conversationId}`,
    peerAvatar: null,
    lastMessage: lastSeq > 0 ? msg(lastSeq, true, conversationId) : null,
    unread,
    peerReadSeq: 0,
    updateTime: `2026-11-24T11:00:00.000Z`,
    ...extra,
  };
}

const buyerWith = (...list: ChatConversation[]): ChatState => reducer(initialState('buyer'), { type: 'conversations', list });

describe('mergeMessages', () => {
  it('keeps each message once and orders by seq', () => {
    const merged = mergeMessages([msg(2, true), msg(1, false)], [msg(3, true), msg(2, true), msg(1, false)]);
    expect(merged.map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it('drops a second copy with the same id or the same seq', () => {
    const merged = mergeMessages([msg(1, false)], [{ ...msg(1, false), id: 999 }, { ...msg(2, true), id: 1001 }]);
    expect(merged.map((m) => [m.seq, m.id])).toEqual([[1, 1001]]);
  });

  it('sorts messages that arrive out of order', () => {
    expect(mergeMessages([], [msg(5, true), msg(3, true), msg(4, false)]).map((m) => m.seq)).toEqual([3, 4, 5]);
  });
});

describe('reducer', () => {
  it('counts a message of the peer unread once, however often it arrives', () => {
    let state = buyerWith(conv(1, 2, 0));
    const m = msg(3, true);
    state = reducer(state, { type: 'message', message: m });
    state = reducer(state, { type: 'message', message: m });
    expect(state.conversations[1]?.conversation.unread).toBe(1);
    expect(unreadTotal(state)).toBe(1);
    expect(state.conversations[1]?.messages.map((x) => x.seq)).toEqual([3]);
  });

  it('never counts own messages unread', () => {
    const state = reducer(buyerWith(conv(1)), { type: 'message', message: msg(1, false) });
    expect(state.conversations[1]?.conversation.unread).toBe(0);
  });

  it('counts the agent side from the agent point of view', () => {
    let state = reducer(initialState('agent'), { type: 'conversations', list: [conv(1)] });
    state = reducer(state, { type: 'message', message: msg(1, false) });
    state = reducer(state, { type: 'message', message: msg(2, true) });
    expect(state.conversations[1]?.conversation.unread).toBe(1);
  });

  it('does not count history pages unread', () => {
    const state = reducer(buyerWith(conv(1, 5, 2)), {
      type: 'history',
      conversationId: 1,
      records: [msg(4, true), msg(5, true)],
      hasMore: true,
    });
    expect(state.conversations[1]?.conversation.unread).toBe(2);
    expect(state.conversations[1]?.loaded).toBe(true);
    expect(state.conversations[1]?.hasMore).toBe(true);
  });

  it('pages upwards: older pages are prepended in order', () => {
    let state = reducer(buyerWith(conv(1, 4)), { type: 'history', conversationId: 1, records: [msg(3, true), msg(4, true)], hasMore: true });
    state = reducer(state, { type: 'history', conversationId: 1, records: [msg(1, false), msg(2, true)], hasMore: false });
    expect(state.conversations[1]?.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(state.conversations[1]?.hasMore).toBe(false);
  });

  it('a pending send is settled by its ack and shows once', () => {
    let state = buyerWith(conv(1));
    state = reducer(state, {
      type: 'send',
      pending: { clientMsgId: 'x1', conversationId: 1, kind: 'text', content: 'hi', card: null, sentAt: 0 },
    });
    expect(pendingOf(state, 1).map((p) => p.status)).toEqual(['sending']);
    const stored = msg(1, false, 1, { clientMsgId: 'x1', content: 'hi' });
    state = reducer(state, { type: 'ack', clientMsgId: 'x1', message: stored });
    // The same message echoed from another tab, or replayed after a reconnect.
    state = reducer(state, { type: 'message', message: stored });
    expect(state.pending).toEqual([]);
    expect(state.conversations[1]?.messages.map((m) => m.content)).toEqual(['hi']);
  });

  it('a send stored while the socket was away is settled by the replayed message', () => {
    let state = buyerWith(conv(1));
    state = reducer(state, { type: 'send', pending: { clientMsgId: 'x2', conversationId: 1, kind: 'text', content: 'a', card: null, sentAt: 0 } });
    state = reducer(state, { type: 'message', message: msg(1, false, 1, { clientMsgId: 'x2' }) });
    expect(state.pending).toEqual([]);
  });

  it('a refused send fails with the server message and is not resent by itself', () => {
    let state = buyerWith(conv(1));
    state = reducer(state, { type: 'send', pending: { clientMsgId: 'a', conversationId: 1, kind: 'text', content: 'a', card: null, sentAt: 0 } });
    state = reducer(state, { type: 'send', pending: { clientMsgId: 'b', conversationId: 1, kind: 'text', content: 'b', card: null, sentAt: 0 } });
    state = reducer(state, { type: 'send-failed', clientMsgId: 'a', error: 'Too fast' });
    expect(pendingOf(state, 1).map((p) => [p.clientMsgId, p.status, p.error])).toEqual([
      ['a', 'failed', 'Too fast'],
      ['b', 'sending', null],
    ]);
    expect(toResend(state).map((p) => p.clientMsgId)).toEqual(['b']);
    // Retried by hand: sending again.
    state = reducer(state, { type: 'resent', clientMsgIds: ['a'], at: 5 });
    expect(pendingOf(state, 1).map((p) => p.status)).toEqual(['sending', 'sending']);
  });

  it('a send waiting too long shows failed but is still resent on reconnect', () => {
    let state = buyerWith(conv(1));
    state = reducer(state, { type: 'send', pending: { clientMsgId: 'a', conversationId: 1, kind: 'text', content: 'a', card: null, sentAt: 1000 } });
    state = reducer(state, { type: 'timeouts', now: 1000 + SEND_TIMEOUT_MS - 1 });
    expect(state.pending[0]?.status).toBe('sending');
    state = reducer(state, { type: 'timeouts', now: 1000 + SEND_TIMEOUT_MS });
    expect(state.pending[0]?.status).toBe('failed');
    expect(toResend(state)).toHaveLength(1);
  });

  it('read receipts: the peer read mark only moves forward', () => {
    let state = buyerWith(conv(1));
    state = reducer(state, { type: 'read', conversationId: 1, fromAgent: true, seq: 3 });
    state = reducer(state, { type: 'read', conversationId: 1, fromAgent: true, seq: 2 });
    const c = state.conversations[1];
    expect(c?.conversation.peerReadSeq).toBe(3);
    expect(c && isReadByPeer(c, 3)).toBe(true);
    expect(c && isReadByPeer(c, 4)).toBe(false);
  });

  it('own read (here or in another tab) clears unread', () => {
    let state = buyerWith(conv(1, 0, 0));
    state = reducer(state, { type: 'message', message: msg(1, true) });
    state = reducer(state, { type: 'message', message: msg(2, true) });
    expect(readSeqToReport(state, 1)).toBe(2);
    state = reducer(state, { type: 'read', conversationId: 1, fromAgent: false, seq: 1 });
    expect(state.conversations[1]?.conversation.unread).toBe(1);
    state = reducer(state, { type: 'read-local', conversationId: 1, seq: 2 });
    expect(state.conversations[1]?.conversation.unread).toBe(0);
    expect(readSeqToReport(state, 1)).toBeNull();
  });

  it("one's own messages need no read mark", () => {
    let state = buyerWith(conv(1));
    state = reducer(state, { type: 'message', message: msg(1, false) });
    expect(readSeqToReport(state, 1)).toBeNull();
    state = reducer(state, { type: 'message', message: msg(2, true) });
    expect(readSeqToReport(state, 1)).toBe(2);
  });

  it('typing of the peer shows for a while and ends with its message', () => {
    let state = buyerWith(conv(1));
    state = reducer(state, { type: 'typing', conversationId: 1, fromAgent: true, now: 100 });
    expect(state.conversations[1]?.typingUntil).toBe(100 + TYPING_SHOWN_MS);
    // One's own typing (another tab) is not shown.
    const same = reducer(state, { type: 'typing', conversationId: 1, fromAgent: false, now: 500 });
    expect(same.conversations[1]?.typingUntil).toBe(100 + TYPING_SHOWN_MS);
    state = reducer(state, { type: 'message', message: msg(1, true) });
    expect(state.conversations[1]?.typingUntil).toBe(0);
  });

  it('cursors are the newest seq held per conversation', () => {
    let state = buyerWith(conv(1, 7), conv(2));
    state = reducer(state, { type: 'message', message: msg(8, true, 1) });
    expect(cursors(state)).toEqual([
      { conversationId: 1, seq: 8 },
      { conversationId: 2, seq: 0 },
    ]);
  });

  it('a refreshed list never moves a conversation back', () => {
    let state = buyerWith(conv(1, 2, 0));
    state = reducer(state, { type: 'message', message: msg(3, true) });
    state = reducer(state, { type: 'conversations', list: [conv(1, 2, 0)] });
    expect(state.conversations[1]?.conversation.lastMessage?.seq).toBe(3);
    expect(state.conversations[1]?.conversation.unread).toBe(1);
  });

  it('orders conversations newest activity first', () => {
    let state = buyerWith(conv(1, 1), conv(2, 2));
    expect(orderedConversations(state).map((c) => c.conversation.conversationId)).toEqual([2, 1]);
    state = reducer(state, { type: 'message', message: msg(9, true, 1) });
    expect(orderedConversations(state).map((c) => c.conversation.conversationId)).toEqual([1, 2]);
  });
});

describe('backoffDelay', () => {
  it('doubles from half a second up to 30 seconds', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 6, 20].map((a) => backoffDelay(a, middle))).toEqual([500, 1000, 2000, 4000, 30000, 30000]);
  });

  it('jitters by at most a fifth', () => {
    expect(backoffDelay(2, () => 0)).toBe(1600);
    expect(backoffDelay(2, () => 1)).toBe(2400);
  });
});

describe('TypingThrottle', () => {
  it('lets one typing frame through per interval and conversation', () => {
    const throttle = new TypingThrottle(3000);
    expect(throttle.allow(1, 0)).toBe(true);
    expect(throttle.allow(1, 2999)).toBe(false);
    expect(throttle.allow(2, 2999)).toBe(true);
    expect(throttle.allow(1, 3000)).toBe(true);
    throttle.reset(1);
    expect(throttle.allow(1, 3001)).toBe(true);
  });
});

describe('textToSend', () => {
  it('trims, refuses empty and over-long text', () => {
    expect(textToSend('  hi \n')).toBe('hi');
    expect(textToSend(' \n ')).toBeNull();
    expect(textToSend('a'.repeat(500))).toHaveLength(500);
    expect(textToSend('a'.repeat(501))).toBeNull();
  });
});
