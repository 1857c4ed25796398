import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { request } from '../api';
import { emit, on } from '../events';
import { CHAT_PROFILE } from '../generated/paths';
import { useT } from '../i18n';
import { type DisplayCurrency, toCurrency } from '../money';
import type { WidgetProps } from '../types';
import { ConversationList } from './ConversationList';
import { MessagePane } from './MessagePane';
import { loadShareCard } from './product';
import { useChat } from './useChat';
import type { ChatProfile, ShareCard } from './wire';
import './chat.css';

/** What to open: the buyer's conversation with a shop (0 = the platform), with a product. */
export interface ChatTarget {
  shopId?: number;
  prodId?: number;
}

/**
 * The page's props: `mode` (`buyer`, the default, or `agent`: the console of a shop's
 * conversations), `layout` (`page`, /chat and /chat-agent, or `panel`, the floating panel opened
 * by `mall:open-chat`), on the page the conversation to open and the product to offer
 * (`shopId`, `prodId`), and the display currency of the card prices.
 */
export type ChatProps = WidgetProps<'chat'>;

/** The chat page of a target. */
export function fullPageHref(target: ChatTarget): string {
  const query = new URLSearchParams();
  if (target.shopId !== undefined) query.set('shopId', String(target.shopId));
  if (target.prodId !== undefined) query.set('prodId', String(target.prodId));
  const search = query.toString();
  return search ? `/chat?${search}` : '/chat';
}

/** A target from an event's detail or props: only whole, non-negative numbers count. */
export function toTarget(value: unknown): ChatTarget {
  const v = (value ?? {}) as Record<string, unknown>;
  const id = (x: unknown) => (typeof x === 'number' && Number.isInteger(x) && x >= 0 ? x : undefined);
  const shopId = id(v.shopId);
  const prodId = id(v.prodId);
  return { ...(shopId !== undefined ? { shopId } : {}), ...(prodId ? { prodId } : {}) };
}

/**
 * The chat, for both sides: the conversation list and the message pane. As a page it fills
 * its place; as a panel it floats over the page, opens on `mall:open-chat` and closes with
 * its X or Escape (it stays connected while closed, so the unread badges stay current).
 */
export function Chat({ mode = 'buyer', layout = 'page', shopId, prodId, currency, initialEvent }: ChatProps) {
  const t = useT();
  const chat = useChat(mode);
  const money: DisplayCurrency = toCurrency(currency);
  const panel = layout === 'panel';
  const [open, setOpen] = useState(!panel || initialEvent !== undefined);
  const [target, setTarget] = useState<ChatTarget>(() => (panel ? toTarget(initialEvent) : toTarget({ shopId, prodId })));
  const [activeId, setActiveId] = useState<number | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const [product, setProduct] = useState<{ prodId: number; shopId: number; card: ShareCard } | null>(null);
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<Element | null>(null);

  // A service account answers in its console: the buyer's side is not for it.
  const [agentAccount, setAgentAccount] = useState(false);
  useEffect(() => {
    if (mode !== 'buyer') return;
    let current = true;
    request<ChatProfile>('GET', CHAT_PROFILE, { handleError: true, silentAuth: true }).then(
      (profile) => current && profile.agent && setAgentAccount(true),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [mode]);

  // Later opens of the panel (the first one is `initialEvent`).
  useEffect(() => {
    if (!panel) return;
    return on('mall:open-chat', (detail) => {
      returnFocus.current = document.activeElement;
      setTarget(toTarget(detail));
      setOpen(true);
    });
  }, [panel]);

  // The product's card (and, when the link did not name the shop, the product's shop), then
  // the conversation with the shop, once the list is there.
  const listReady = chat.listState !== 'loading';
  const { open: openConversation } = chat;
  useEffect(() => {
    if (mode !== 'buyer' || !listReady) return;
    let current = true;
    const prod = target.prodId;
    const card = prod
      ? loadShareCard(prod).then(
          (loaded) => {
            if (current) setProduct({ prodId: prod, shopId: loaded.shopId, card: loaded.card });
            return loaded.shopId;
          },
          (err: unknown) => {
            if (current) {
              const message = err instanceof Error && err.message && err.name === 'ApiError' ? err.message : t('chat-product-failed');
              emit('mall:toast', { type: 'warning', message });
            }
            return undefined;
          },
        )
      : Promise.resolve(undefined);
    void card.then(async (productShop) => {
      const shop = target.shopId ?? productShop;
      if (!current || shop === undefined) return;
      const result = await openConversation(shop);
      if (!current) return;
      if ('id' in result) {
        setOpenError(null);
        setActiveId(result.id);
      } else {
        setOpenError(result.error || t('chat-open-failed'));
      }
    });
    return () => {
      current = false;
    };
  }, [mode, listReady, target, openConversation, t]);

  const close = useCallback(() => {
    setOpen(false);
    const back = returnFocus.current;
    if (back instanceof HTMLElement) back.focus();
  }, []);

  // The panel takes the focus when it opens.
  useLayoutEffect(() => {
    if (!panel || !open) return;
    const el = panelRef.current;
    if (el && !el.contains(document.activeElement)) el.querySelector<HTMLElement>('textarea, .chat-panel__close')?.focus();
  }, [panel, open, activeId]);

  const active = activeId !== null ? chat.state.conversations[activeId] : undefined;
  const cardHere =
    product && active && product.prodId === target.prodId && product.shopId === active.conversation.shopId
      ? product.card
      : null;

  const body = agentAccount ? (
    <div className={`chat chat--${layout} chat--notice`} data-testid="chat">
      <p className="chat-state" data-testid="chat-agent-account">
        {t('chat-agent-account')} <a href="/chat-agent">{t('chat-agent-title')}</a>
      </p>
    </div>
  ) : (
    <div className={`chat chat--${layout} chat--${mode}`} data-testid="chat" data-mode={mode} data-status={chat.state.status}>
      <ConversationList
        chat={chat}
        mode={mode}
        activeId={activeId}
        onSelect={(id) => {
          setOpenError(null);
          setActiveId(id);
        }}
        onContactPlatform={() => setTarget({ shopId: 0 })}
        headingLevel={panel ? 3 : 2}
      />
      <MessagePane
        key={activeId ?? 'none'}
        chat={chat}
        mode={mode}
        conversation={active}
        openError={openError}
        visible={open}
        card={cardHere}
        currency={money}
        headingLevel={panel ? 3 : 2}
      />
    </div>
  );

  if (!panel) return body;
  return (
    <div
      ref={panelRef}
      className="chat-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      hidden={!open}
      data-testid="chat-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          close();
        }
      }}
    >
      <div className="chat-panel__head">
        <h2 id={titleId} className="chat-panel__title">
          {t(mode === 'agent' ? 'chat-agent-title' : 'chat-title')}
        </h2>
        <a className="chat-panel__full" href={fullPageHref(target)}>
          {t('chat-open-page')}
        </a>
        <button type="button" className="chat-panel__close" aria-label={t('chat-close')} onClick={close} data-testid="chat-panel-close">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {body}
    </div>
  );
}
