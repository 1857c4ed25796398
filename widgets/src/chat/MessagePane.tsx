import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../i18n';
import { type DisplayCurrency, formatMoney } from '../money';
import { Composer } from './Composer';
import { formatTime } from './format';
import { isPictureUrl, isSitePath } from './product';
import { type ConversationState, type PendingSend, type Side, isMine, isReadByPeer, pendingOf } from './state';
import type { Chat } from './useChat';
import type { ChatMessage, ShareCard } from './wire';

export interface MessagePaneProps {
  chat: Chat;
  mode: Side;
  conversation: ConversationState | undefined;
  /** Why the asked-for conversation could not be opened (the server's message). */
  openError: string | null;
  /** Whether the pane is on screen (the panel open): only then is anything marked read. */
  visible: boolean;
  /** The product card the buyer may send here. */
  card: ShareCard | null;
  currency: DisplayCurrency;
  headingLevel: 2 | 3;
}

/** Within this many pixels of the top, the next older page loads. */
const TOP_SLACK = 40;
/** Within this many pixels of the bottom, new messages scroll into view. */
const BOTTOM_SLACK = 80;

/**
 * One conversation: the peer's name and typing, the messages (older pages load when scrolled
 * to the top, or with the button), own messages with their read receipt, pending sends with
 * their state, and the composer.
 */
export function MessagePane({ chat, mode, conversation, openError, visible, card, currency, headingLevel }: MessagePaneProps) {
  const t = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const [history, setHistory] = useState<'idle' | 'loading' | 'error'>('idle');
  const [now, setNow] = useState(() => Date.now());
  const id = conversation?.conversation.conversationId;
  const { loadHistory, markRead } = chat;

  // The newest page, when a conversation is first shown.
  const loaded = conversation?.loaded ?? false;
  useEffect(() => {
    if (id === undefined || loaded) return;
    let current = true;
    void loadHistory(id).then((ok) => current && setHistory(ok ? 'idle' : 'error'));
    return () => {
      current = false;
    };
  }, [id, loaded, loadHistory]);

  // What is on screen is read (when the page is visible).
  const newestSeq = conversation?.messages[conversation.messages.length - 1]?.seq ?? 0;
  const unread = conversation?.conversation.unread ?? 0;
  useEffect(() => {
    if (id === undefined || !visible || !loaded) return;
    const mark = () => {
      if (document.visibilityState !== 'hidden') markRead(id);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [id, visible, loaded, newestSeq, unread, markRead]);

  // The peer's typing fades out by itself.
  const typingUntil = conversation?.typingUntil ?? 0;
  useEffect(() => {
    if (typingUntil <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), typingUntil - Date.now() + 10);
    return () => clearTimeout(timer);
  }, [typingUntil]);

  // Scrolling: to the bottom when a conversation opens or a message arrives near the bottom;
  // kept in place when an older page is put on top.
  const pending = id !== undefined ? pendingOf(chat.state, id) : [];
  const messages = conversation?.messages ?? [];
  const firstSeq = messages[0]?.seq ?? 0;
  const anchor = useRef<{ id: number | undefined; firstSeq: number; height: number; atBottom: boolean }>({
    id: undefined,
    firstSeq: 0,
    height: 0,
    atBottom: true,
  });
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const before = anchor.current;
    if (before.id !== id) {
      log.scrollTop = log.scrollHeight;
    } else if (firstSeq < before.firstSeq && before.firstSeq !== 0) {
      log.scrollTop += log.scrollHeight - before.height;
    } else if (before.atBottom) {
      log.scrollTop = log.scrollHeight;
    }
    anchor.current = { id, firstSeq, height: log.scrollHeight, atBottom: log.scrollHeight - log.scrollTop - log.clientHeight < BOTTOM_SLACK };
  }, [id, firstSeq, messages.length, pending.length, visible]);

  const loadOlder = () => {
    if (id === undefined || history === 'loading') return;
    setHistory('loading');
    void loadHistory(id).then((ok) => setHistory(ok ? 'idle' : 'error'));
  };

  const onScroll = () => {
    const log = logRef.current;
    if (!log) return;
    anchor.current.atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < BOTTOM_SLACK;
    anchor.current.height = log.scrollHeight;
    if (log.scrollTop < TOP_SLACK && conversation?.hasMore && conversation.loaded && history === 'idle') loadOlder();
  };

  if (!conversation) {
    return (
      <section className="chat-pane chat-pane--empty" aria-label={t('chat-messages')} data-testid="chat-pane">
        {openError ? (
          <p className="chat-state chat-state--error" role="alert" data-testid="chat-open-error">
            {openError}
          </p>
        ) : (
          <p className="chat-state">{t(mode === 'agent' ? 'chat-agent-select' : 'chat-select')}</p>
        )}
      </section>
    );
  }

  const c = conversation.conversation;
  const peer = c.peerName || t(mode === 'agent' ? 'chat-buyer' : 'chat-platform');
  const typing = conversation.typingUntil > now;
  const status = chat.state.status;
  const statusText = typing
    ? t('chat-typing', { name: peer })
    : status === 'offline'
      ? t('chat-status-offline')
      : status === 'connecting' || status === 'syncing'
        ? t('chat-status-connecting')
        : '';

  return (
    <section className="chat-pane" aria-labelledby={titleId} data-testid="chat-pane" data-conversation-id={c.conversationId}>
      <header className="chat-pane__head">
        <Heading id={titleId} className="chat-pane__title" data-testid="chat-peer-name">
          {peer}
        </Heading>
        <p className="chat-pane__status" aria-live="polite" data-testid="chat-status" data-typing={typing ? 'true' : undefined}>
          {statusText}
        </p>
      </header>
      {openError && (
        <p className="chat-state chat-state--error" role="alert" data-testid="chat-open-error">
          {openError}
        </p>
      )}
      <div
        ref={logRef}
        className="chat-pane__log"
        role="log"
        aria-label={t('chat-messages-with', { name: peer })}
        tabIndex={0}
        onScroll={onScroll}
        data-testid="chat-log"
      >
        {conversation.loaded && conversation.hasMore && messages.length > 0 && (
          <button type="button" className="chat-button chat-pane__older" onClick={loadOlder} disabled={history === 'loading'} data-testid="chat-load-older">
            {t(history === 'loading' ? 'chat-loading' : 'chat-load-older')}
          </button>
        )}
        {conversation.loaded && !conversation.hasMore && messages.length > 0 && <p className="chat-pane__start">{t('chat-start')}</p>}
        {!conversation.loaded && history !== 'error' && (
          <p className="chat-state" role="status">
            {t('chat-loading')}
          </p>
        )}
        {history === 'error' && (
          <div className="chat-state" role="alert">
            <p>{t('chat-history-failed')}</p>
            <button type="button" className="chat-button" onClick={loadOlder}>
              {t('chat-retry')}
            </button>
          </div>
        )}
        {conversation.loaded && messages.length === 0 && pending.length === 0 && (
          <p className="chat-state" data-testid="chat-empty">
            {t('chat-empty')}
          </p>
        )}
        <ol className="chat-msgs">
          {messages.map((m) => (
            <Message key={m.id} message={m} mine={isMine(mode, m)} read={isReadByPeer(conversation, m.seq)} peer={peer} currency={currency} />
          ))}
          {pending.map((p) => (
            <Pending key={p.clientMsgId} pending={p} chat={chat} currency={currency} />
          ))}
        </ol>
      </div>
      <Composer chat={chat} conversationId={c.conversationId} card={card} currency={currency} />
    </section>
  );
}

interface MessageProps {
  message: ChatMessage;
  mine: boolean;
  read: boolean;
  peer: string;
  currency: DisplayCurrency;
}

function Message({ message, mine, read, peer, currency }: MessageProps) {
  const t = useT();
  return (
    <li
      className={`chat-msg ${mine ? 'is-mine' : 'is-theirs'}`}
      data-testid="chat-message"
      data-seq={message.seq}
      data-kind={message.kind}
      data-mine={mine ? 'true' : 'false'}
    >
      <span className="chat-visually-hidden">{mine ? t('chat-you') : peer}: </span>
      <div className="chat-msg__bubble">
        <Body kind={message.kind} content={message.content} card={message.card} currency={currency} />
      </div>
      <p className="chat-msg__meta">
        <time dateTime={message.createTime}>{formatTime(message.createTime)}</time>
        {mine && (
          <span className={`chat-msg__receipt${read ? ' is-read' : ''}`} data-testid="chat-receipt" data-read={read ? 'true' : 'false'}>
            {t(read ? 'chat-read' : 'chat-unread')}
          </span>
        )}
      </p>
    </li>
  );
}

function Pending({ pending, chat, currency }: { pending: PendingSend; chat: Chat; currency: DisplayCurrency }) {
  const t = useT();
  const failed = pending.status === 'failed';
  return (
    <li className={`chat-msg is-mine is-${pending.status}`} data-testid="chat-pending" data-status={pending.status} data-kind={pending.kind}>
      <span className="chat-visually-hidden">{t('chat-you')}: </span>
      <div className="chat-msg__bubble">
        <Body kind={pending.kind} content={pending.content} card={pending.card} currency={currency} />
      </div>
      <p className="chat-msg__meta" role={failed ? 'alert' : undefined}>
        {failed ? (
          <>
            <span className="chat-msg__failed">{pending.error || t('chat-failed')}</span>
            <button type="button" className="chat-link-button" onClick={() => chat.resend(pending.clientMsgId)} data-testid="chat-resend">
              {t('chat-resend')}
            </button>
            <button type="button" className="chat-link-button" onClick={() => chat.discard(pending.clientMsgId)}>
              {t('chat-discard')}
            </button>
          </>
        ) : (
          <span className="chat-msg__sending">{t('chat-sending')}</span>
        )}
      </p>
    </li>
  );
}

function Body({ kind, content, card, currency }: { kind: string; content: string; card: ShareCard | null; currency: DisplayCurrency }) {
  const t = useT();
  if (kind === 'image' && isPictureUrl(content)) {
    return (
      <a className="chat-msg__picture" href={content} target="_blank" rel="noopener noreferrer">
        <img src={content} alt={t('chat-picture')} loading="lazy" />
      </a>
    );
  }
  if (kind === 'card' && card) return <CardView card={card} currency={currency} />;
  // Text (and anything unknown) is text, never HTML.
  return <p className="chat-msg__text">{content}</p>;
}

/** A product's share card: cover, title, description, price and line price, linking to the product. */
export function CardView({ card, currency, as = 'link' }: { card: ShareCard; currency: DisplayCurrency; as?: 'link' | 'plain' }) {
  const inner = (
    <>
      {isPictureUrl(card.cover) && <img className="chat-card__cover" src={card.cover} alt="" width="64" height="64" loading="lazy" />}
      <span className="chat-card__text">
        <span className="chat-card__title">{card.title}</span>
        {card.desc && <span className="chat-card__desc">{card.desc}</span>}
        <span className="chat-card__prices">
          <span className="chat-card__price">{formatMoney(card.price, currency)}</span>
          {card.linePrice !== null && card.linePrice !== undefined && <del className="chat-card__line">{formatMoney(card.linePrice, currency)}</del>}
        </span>
      </span>
    </>
  );
  if (as === 'plain' || !isSitePath(card.linkUrl)) {
    return (
      <span className="chat-card" data-testid="chat-card">
        {inner}
      </span>
    );
  }
  return (
    <a className="chat-card" href={card.linkUrl} data-testid="chat-card">
      {inner}
    </a>
  );
}
