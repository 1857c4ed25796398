import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emit, on } from '../events';
import { fail, fetchMock, mount, ok, stubFetchAroundEachTest } from '../login-popup/testSupport';
import { Chat } from './Chat';
import type { ChatConversation, ChatMessage } from './wire';

stubFetchAroundEachTest();

class FakeWebSocket {
  static all: FakeWebSocket[] = [];
  readyState = 0;
  sent: { type: string; [key: string]: unknown }[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  /** The server: accepts, replays nothing, ready. */
  async accept() {
    await act(async () => {
      this.readyState = 1;
      this.onopen?.({});
      this.onmessage?.({ data: JSON.stringify({ type: 'ready' }) });
    });
  }
  async frame(frame: unknown) {
    await act(async () => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
}

const message = (seq: number, fromAgent: boolean, conversationId = 7, content = `m${seq}`): ChatMessage => ({
  id: conversationId * 100 + seq,
  conversationId,
  seq,
  fromAgent,
  kind: 'text',
  content,
  card: null,
  clientMsgId: `c${conversationId}-${seq}`,
  createTime: '2026-11-24T12:00:00.000Z',
});

const conversation = (conversationId: number, shopId: number, peerName: string, lastMessage: ChatMessage | null = null, unread = 0): ChatConversation => ({
  conversationId,
  shopId,
  peerName,
  peerAvatar: null,
  lastMessage,
  unread,
  peerReadSeq: 0,
  updateTime: '2026-11-24T12:00:00.000Z',
});

/** The API as the tests need it: by path. */
function api(routes: Record<string, unknown>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://test');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const body = key in routes ? routes[key] : fail('A00005', `no route ${key}`);
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
}

async function flush() {
  await act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const $ = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const $$ = (testId: string) => Array.from(document.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`));

async function type(text: string) {
  const input = $('chat-input') as HTMLTextAreaElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function key(target: HTMLElement, keyName: string, shiftKey = false) {
  await act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: keyName, shiftKey, bubbles: true, cancelable: true }));
  });
}

beforeEach(() => {
  FakeWebSocket.all = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

describe('the chat widget', () => {
  it('opens as a panel on mall:open-chat, sends with Enter (not Shift+Enter), shows the receipt, and closes with Escape', async () => {
    const shop = conversation(7, 2, 'Phone Shop');
    api({
      'GET /api/p/chat/profile': ok({ agent: false, shopId: null, name: 'Buyer' }),
      'GET /api/p/chat/conversations': ok([]),
      'POST /api/p/chat/conversation': ok(shop),
      'GET /api/p/chat/messages': ok({ records: [], hasMore: false }),
    });
    await mount(<Chat layout="panel" />);
    await flush();
    expect($('chat-panel')?.hidden).toBe(true);
    await act(async () => emit('mall:open-chat', { shopId: 2 }));
    await flush();
    expect($('chat-panel')?.hidden).toBe(false);
    expect($('chat-peer-name')?.textContent).toBe('Phone Shop');
    const socket = FakeWebSocket.all[0]!;
    await socket.accept();
    expect(socket.sent[0]).toEqual({ type: 'hello', cursors: [{ conversationId: 7, seq: 0 }] });

    await type('Hello');
    await key($('chat-input')!, 'Enter', true);
    expect(socket.sent.filter((f) => f.type === 'send')).toHaveLength(0);
    await key($('chat-input')!, 'Enter');
    const send = socket.sent.find((f) => f.type === 'send')!;
    expect(send).toMatchObject({ conversationId: 7, kind: 'text', content: 'Hello' });
    expect($$('chat-pending').map((p) => p.dataset.status)).toEqual(['sending']);
    expect(($('chat-input') as HTMLTextAreaElement).value).toBe('');

    await socket.frame({ type: 'ack', clientMsgId: send.clientMsgId, message: { ...message(1, false), clientMsgId: send.clientMsgId, content: 'Hello' } });
    expect($$('chat-pending')).toHaveLength(0);
    expect($('chat-receipt')?.dataset.read).toBe('false');
    await socket.frame({ type: 'read', conversationId: 7, fromAgent: true, seq: 1 });
    expect($('chat-receipt')?.dataset.read).toBe('true');

    await key($('chat-input')!, 'Escape');
    expect($('chat-panel')?.hidden).toBe(true);
  });

  it("opened with a product only: the product's shop, and its card to send", async () => {
    api({
      'GET /api/p/chat/profile': ok({ agent: false, shopId: null, name: 'Buyer' }),
      'GET /api/p/chat/conversations': ok([]),
      'GET /api/prod/prodInfo': ok({ prodId: 1, prodName: 'Trail Shoes', brief: 'Light', pic: '/media/p1.jpg', price: 30, oriPrice: 40, activityPrice: null, activityInProgress: false, shop: { shopId: 7, shopName: 'Sports' } }),
      'POST /api/p/chat/conversation': ok(conversation(9, 7, 'Sports')),
      'GET /api/p/chat/messages': ok({ records: [], hasMore: false }),
    });
    await mount(<Chat layout="panel" initialEvent={{ prodId: 1 }} />);
    await flush();
    const opened = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(opened?.[1]?.body))).toEqual({ shopId: 7 });
    expect($('chat-peer-name')?.textContent).toBe('Sports');
    expect($('chat-product')?.textContent).toContain('Trail Shoes');
    expect($('chat-product')?.textContent).toContain('$40.00');
    const socket = FakeWebSocket.all[0]!;
    await socket.accept();
    await act(async () => $('chat-send-product')!.click());
    expect(socket.sent.find((f) => f.type === 'send')).toMatchObject({
      kind: 'card',
      conversationId: 9,
      card: { isMsgCard: true, title: 'Trail Shoes', linkUrl: '/detail?prodId=1', price: 30, linePrice: 40 },
    });
  });

  it("shows the server's refusal for a shop without chat support", async () => {
    api({
      'GET /api/p/chat/profile': ok({ agent: false, shopId: null, name: 'Buyer' }),
      'GET /api/p/chat/conversations': ok([]),
      'POST /api/p/chat/conversation': fail('A00001', 'No Chat Support available from this shop'),
    });
    await mount(<Chat layout="page" shopId={5} />);
    await flush();
    expect($('chat-open-error')?.textContent).toBe('No Chat Support available from this shop');
    expect($('chat-open-error')?.getAttribute('role')).toBe('alert');
  });

  it('counts messages of other conversations unread and reports the total', async () => {
    const totals: number[] = [];
    const off = on('mall:chat-unread', (detail) => totals.push(detail.total));
    api({
      'GET /api/p/chat/profile': ok({ agent: true, shopId: 2, name: 'Agent' }),
      'GET /api/p/chat/conversations': ok([conversation(7, 2, 'Dara', message(1, false), 1), { ...conversation(8, 2, 'Li', null, 0), updateTime: '2026-11-24T11:00:00.000Z' }]),
    });
    await mount(<Chat mode="agent" layout="page" />);
    await flush();
    expect($$('chat-conversation').map((c) => c.dataset.conversationId)).toEqual(['7', '8']);
    expect($('chat-conversation-unread')?.dataset.count).toBe('1');
    const socket = FakeWebSocket.all[0]!;
    await socket.accept();
    const hi = { ...message(1, false, 8, 'hi'), createTime: '2026-11-24T12:05:00.000Z' };
    await socket.frame({ type: 'message', message: hi });
    await socket.frame({ type: 'message', message: hi });
    // Newest activity first; the message counts once.
    expect($$('chat-conversation').map((c) => c.dataset.conversationId)).toEqual(['8', '7']);
    expect(totals).toEqual([1, 2]);
    off();
  });
});
