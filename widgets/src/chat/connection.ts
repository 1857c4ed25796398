/**
 * The chat socket (`GET /api/p/chat/ws`, see `api/src/chat.rs`): connects, says `hello` with
 * the cursors of every known conversation, turns the server's frames into state actions,
 * resends the pending sends once the replay is `ready`, and reconnects with backoff after a
 * close (at once when the browser comes back online). The browser parts (the socket, the
 * timers, the clock) are handed in, so tests drive it with fakes.
 */
import { CHAT_WS } from '../generated/paths';
import { API_PREFIX } from '../api';
import { type Action, type ChatState, backoffDelay, cursors, toResend } from './state';
import type { ChatClientFrame, ChatServerFrame } from './wire';

/** The part of `WebSocket` used here. */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

const OPEN = 1;

export interface ConnectionDeps {
  /** Opens a socket to `url`. */
  open(url: string): SocketLike;
  getState(): ChatState;
  dispatch(action: Action): void;
  /** A refused frame without a `clientMsgId` (shown as a toast). */
  onError?(msg: string): void;
  /** After every replay (`ready`), e.g. to refresh the conversation list after a reconnect. */
  onReady?(reconnected: boolean): void;
  setTimer?(fn: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
  now?(): number;
  random?(): number;
  /** Where the socket lives; default `ws(s)://<this host>/api/p/chat/ws`. */
  url?: string;
}

/** The socket's URL on this site. */
export function socketUrl(location: { protocol: string; host: string } = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${API_PREFIX}${CHAT_WS}`;
}

/** Parses a server frame; null when it is not one. */
export function parseFrame(data: unknown): ChatServerFrame | null {
  if (typeof data !== 'string') return null;
  try {
    const frame = JSON.parse(data) as unknown;
    if (typeof frame !== 'object' || frame === null || typeof (frame as { type?: unknown }).type !== 'string') return null;
    return frame as ChatServerFrame;
  } catch {
    return null;
  }
}

export class ChatConnection {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private retryTimer: unknown = null;
  private stopped = true;
  private everReady = false;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly now: () => number;

  constructor(private readonly deps: ConnectionDeps) {
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
    this.now = deps.now ?? Date.now;
  }

  /** Connects (once; again after `stop`). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  /** Closes for good (until `start`). */
  stop(): void {
    this.stopped = true;
    this.goOffline();
  }

  /** The browser went offline: drop the socket now (it would wait for a timeout) and wait for `online`. */
  wentOffline(): void {
    if (this.stopped) return;
    this.goOffline();
  }

  /** Drops the socket without a retry (its close is ours, not a loss) and shows offline. */
  private goOffline(): void {
    this.cancelRetry();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000);
    }
    this.deps.dispatch({ type: 'status', status: 'offline' });
  }

  /** The browser is online again: reconnect without waiting for the backoff. */
  cameOnline(): void {
    if (this.stopped || this.socket) return;
    this.cancelRetry();
    this.attempt = 0;
    this.connect();
  }

  /** Whether the replay is done and frames go out now. */
  get ready(): boolean {
    return this.socket?.readyState === OPEN && this.deps.getState().status === 'online';
  }

  /** Sends a frame when the socket is ready; false when it is not (the caller keeps it pending). */
  send(frame: ChatClientFrame): boolean {
    if (!this.ready || !this.socket) return false;
    try {
      this.socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  private cancelRetry(): void {
    if (this.retryTimer !== null) this.clearTimer(this.retryTimer);
    this.retryTimer = null;
  }

  private connect(): void {
    this.deps.dispatch({ type: 'status', status: 'connecting' });
    let socket: SocketLike;
    try {
      socket = this.deps.open(this.deps.url ?? socketUrl());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.deps.dispatch({ type: 'status', status: 'syncing' });
      const hello: ChatClientFrame = { type: 'hello', cursors: cursors(this.deps.getState()) };
      socket.send(JSON.stringify(hello));
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      const frame = parseFrame(event.data);
      if (frame) this.handle(frame, socket);
    };
    socket.onerror = () => {
      // A close follows; it schedules the retry.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.deps.dispatch({ type: 'status', status: 'offline' });
      if (!this.stopped) this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    this.cancelRetry();
    const delay = backoffDelay(this.attempt, this.deps.random);
    this.attempt += 1;
    this.retryTimer = this.setTimer(() => {
      this.retryTimer = null;
      if (!this.stopped && !this.socket) this.connect();
    }, delay);
  }

  private handle(frame: ChatServerFrame, socket: SocketLike): void {
    const dispatch = this.deps.dispatch;
    switch (frame.type) {
      case 'ready': {
        this.attempt = 0;
        dispatch({ type: 'status', status: 'online' });
        // Everything still pending goes out again, in order; the server stores each once.
        const resend = toResend(this.deps.getState());
        for (const p of resend) {
          const send: ChatClientFrame = {
            type: 'send',
            clientMsgId: p.clientMsgId,
            conversationId: p.conversationId,
            kind: p.kind,
            content: p.content,
            ...(p.card ? { card: p.card } : {}),
          };
          socket.send(JSON.stringify(send));
        }
        if (resend.length > 0) dispatch({ type: 'resent', clientMsgIds: resend.map((p) => p.clientMsgId), at: this.now() });
        const reconnected = this.everReady;
        this.everReady = true;
        this.deps.onReady?.(reconnected);
        break;
      }
      case 'ack':
        dispatch({ type: 'ack', clientMsgId: frame.clientMsgId, message: frame.message });
        break;
      case 'message':
        dispatch({ type: 'message', message: frame.message });
        break;
      case 'read':
        dispatch({ type: 'read', conversationId: frame.conversationId, fromAgent: frame.fromAgent, seq: frame.seq });
        break;
      case 'typing':
        dispatch({ type: 'typing', conversationId: frame.conversationId, fromAgent: frame.fromAgent, now: this.now() });
        break;
      case 'conversation':
        dispatch({ type: 'conversation', conversation: frame.conversation });
        break;
      case 'error':
        if (frame.clientMsgId) dispatch({ type: 'send-failed', clientMsgId: frame.clientMsgId, error: frame.msg || frame.code });
        else this.deps.onError?.(frame.msg || frame.code);
        break;
    }
  }
}
