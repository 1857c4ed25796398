/**
 * The page frame's small behaviours, which need no Rust and so work from the first moment the
 * page is shown (the widget loader installs them on every page, before any wasm has loaded):
 * - the sticky header after 200 px of scrolling (spec section 9: `body.is-scrolled`);
 * - every cart count of the page (`data-cart-count`, whose value is its cap) following
 *   `mall:cart-changed`: the event's `count` when it has one, else `GET /p/shopCart/prodCount`;
 * - every unread chat badge (`data-chat-unread`) following `mall:chat-unread`;
 * - links and buttons that need a signed-in buyer (`data-login-first`, rendered for guests):
 *   the login popup, which comes back to the link's page, or a button's own (spec section 6);
 * - compare links (`data-compare="<prodId>"`): `mall:open-compare` where the page hosts the
 *   comparison sidebar (`data-compare-panel`), else the link is followed;
 * - plain forms the server answers (`data-busy-label`): sent once, their button saying so;
 * - chat links (`data-chat`, with `data-chat-shop` and `data-chat-prod`): `mall:open-chat`
 *   when the page has the chat panel (`data-chat-panel`), else the link is followed;
 * - plain forms' image paths and fields that must not be empty (`./formFields.ts`).
 * Every link is a plain link first: a click with a modifier key, another button, or no script
 * at all follows its `href`. And until the islands are interactive, an island's form that only
 * its island can send (no `action`) is not sent by the browser as a GET of the page, which
 * would put its fields, a password among them, into the address.
 */
import { emit, on } from './events';
import { installFormFields } from './formFields';

/** Scroll distance after which the sticky header shows. */
export const STICKY_AFTER_PX = 200;
/** Unread badges show at most this, then `99+` (as the server renders them). */
export const UNREAD_CAP = 99;

/** A count as a badge shows it: `cap+` past the cap, never below 0 (`badge_count` in Rust). */
export function badgeCount(count: number, cap: number): string {
  return count > cap ? `${cap}+` : String(Math.max(0, count));
}

/** Toggles `is-scrolled` on `<body>` with the scroll position; returns the function that stops. */
export function watchSticky(): () => void {
  const update = () => document.body.classList.toggle('is-scrolled', window.scrollY > STICKY_AFTER_PX);
  update();
  window.addEventListener('scroll', update, { passive: true });
  return () => window.removeEventListener('scroll', update);
}

/** Writes `count` into every cart count of `root`; a badge (`data-cart-hide-zero`) hides at 0. */
export function showCartCount(count: number, root: ParentNode = document): void {
  root.querySelectorAll<HTMLElement>('[data-cart-count]').forEach((el) => {
    const cap = Number.parseInt(el.dataset.cartCount ?? '', 10);
    el.textContent = badgeCount(count, Number.isSafeInteger(cap) ? cap : 99);
    if (el.hasAttribute('data-cart-hide-zero')) el.hidden = count <= 0;
  });
}

/** The cart's count as the API answers it, or `undefined` when the call fails (nothing changes). */
async function fetchCartCount(): Promise<number | undefined> {
  try {
    const [{ request }, { SHOP_CART_PROD_COUNT }] = await Promise.all([import('./api'), import('./generated/paths')]);
    const count = await request<number>('GET', SHOP_CART_PROD_COUNT, { silentAuth: true, handleError: true });
    return Number.isSafeInteger(count) && count >= 0 ? count : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the page's cart counts current on `mall:cart-changed`; only the answer to the latest
 * change is shown (answers can arrive out of order). Returns the function that stops.
 */
export function watchCartCount(fetchCount: () => Promise<number | undefined> = fetchCartCount): () => void {
  let latest = 0;
  return on('mall:cart-changed', (detail) => {
    const change = ++latest;
    const given = detail?.count;
    if (typeof given === 'number' && Number.isSafeInteger(given) && given >= 0) {
      showCartCount(given);
      return;
    }
    void fetchCount().then((count) => {
      if (count !== undefined && change === latest) showCartCount(count);
    });
  });
}

/** Brings every unread badge of `root` to `total`: its text, `data-count`, hidden at 0. */
export function showUnread(total: number, root: ParentNode = document): void {
  root.querySelectorAll<HTMLElement>('[data-chat-unread]').forEach((badge) => {
    badge.textContent = badgeCount(total, UNREAD_CAP);
    badge.dataset.count = String(total);
    badge.hidden = total <= 0;
  });
}

/** Keeps the page's unread badges at what `mall:chat-unread` tells; returns the function that stops. */
export function watchUnreadBadges(): () => void {
  return on('mall:chat-unread', (detail) => {
    if (detail && Number.isSafeInteger(detail.total) && detail.total >= 0) showUnread(detail.total);
  });
}

/** The whole number in attribute `name` of `el`, when it holds one not below `min`. */
function numberIn(el: Element, name: string, min: number): number | undefined {
  const raw = el.getAttribute(name)?.trim();
  const value = Number(raw);
  return raw && Number.isSafeInteger(value) && value >= min ? value : undefined;
}

/** What a plain click on one of the frame's links does instead of following it, if anything. */
export function onFrameLinkClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) {
    return;
  }
  const target = event.target instanceof Element ? event.target : null;
  // A link comes back to its address after the sign-in; a guest's claim or collect button (a
  // form's, rendered without its island for a guest) to this page.
  const guestAction = target?.closest('[data-login-first]');
  if (guestAction) {
    event.preventDefault();
    const href = guestAction instanceof HTMLAnchorElement ? guestAction.getAttribute('href') : null;
    emit('mall:open-login', { redirect: href ?? undefined });
    return;
  }
  const compare = target?.closest('[data-compare]');
  if (compare && document.querySelector('[data-compare-panel]')) {
    const prodId = numberIn(compare, 'data-compare', 1);
    if (prodId === undefined) return;
    event.preventDefault();
    emit('mall:open-compare', { prodId });
    return;
  }
  const chat = target?.closest('[data-chat]');
  if (chat && document.querySelector('[data-chat-panel]')) {
    event.preventDefault();
    const shopId = numberIn(chat, 'data-chat-shop', 0);
    const prodId = numberIn(chat, 'data-chat-prod', 1);
    emit('mall:open-chat', { ...(shopId === undefined ? {} : { shopId }), ...(prodId === undefined ? {} : { prodId }) });
  }
}

/** Keeps the browser from sending an island's action-less form before its island can. */
export function onEarlySubmit(event: SubmitEvent): void {
  const form = event.target;
  if (window.__mallHydrated || !(form instanceof HTMLFormElement) || form.hasAttribute('action')) return;
  if (form.closest('leptos-island')) event.preventDefault();
}

/**
 * A form that asks before it acts (`data-confirm`: the question, as an order's Cancel and
 * Confirm Receipt): the browser's own dialog asks; a yes sends the form marked confirmed (its
 * `data-confirmed-field` set to 1) with this page as its way back (`data-back-field`), so the
 * server acts at once and returns here; a no sends nothing. A form sent again while it is on
 * its way is not sent twice. Without this script the form goes as it is and the server's page
 * asks instead.
 */
export function onConfirmSubmit(event: SubmitEvent): void {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.dataset.confirm) return;
  if (form.dataset.sending) {
    event.preventDefault();
    return;
  }
  if (!window.confirm(form.dataset.confirm)) {
    event.preventDefault();
    return;
  }
  const confirmed = form.querySelector<HTMLInputElement>('input[data-confirmed-field]');
  const back = form.querySelector<HTMLInputElement>('input[data-back-field]');
  if (confirmed) confirmed.value = '1';
  if (back) back.value = window.location.pathname + window.location.search;
  form.dataset.sending = '1';
}

/**
 * A plain form the server answers with a new page (`data-busy-label`, as My Points' sign-in and
 * My Balance's top-up): once sent, its submit button says so (the label) and a second submit
 * while the first is on its way is not sent. Shown again from the browser's memory (the Back
 * button), the form can be sent again.
 */
export function onBusySubmit(event: SubmitEvent): void {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement) || form.dataset.busyLabel === undefined) return;
  if (form.dataset.sending) {
    event.preventDefault();
    return;
  }
  form.dataset.sending = '1';
  form.setAttribute('aria-busy', 'true');
  const button =
    event.submitter instanceof HTMLButtonElement ? event.submitter : form.querySelector<HTMLButtonElement>('button[type=submit]');
  // A button of its own purpose says its own (`data-busy-label` on the button).
  const label = button?.dataset.busyLabel ?? form.dataset.busyLabel;
  if (button && label) {
    button.dataset.idleLabel = button.textContent ?? '';
    button.textContent = label;
  }
}

/** A page shown again from the browser's memory: its busy forms can be sent again. */
export function onPageShow(event: PageTransitionEvent): void {
  if (!event.persisted) return;
  document.querySelectorAll<HTMLFormElement>('form[data-busy-label][data-sending]').forEach((form) => {
    delete form.dataset.sending;
    form.removeAttribute('aria-busy');
    form.querySelectorAll<HTMLButtonElement>('button[data-idle-label]').forEach((button) => {
      button.textContent = button.dataset.idleLabel ?? '';
      delete button.dataset.idleLabel;
    });
  });
}

/** Installs every frame behaviour on the page; returns the function that removes them. */
export function installFrame(): () => void {
  const stops = [watchCartCount(), watchUnreadBadges()];
  // ---- plain forms' fields (record 0187) ----
  stops.push(installFormFields());
  // ---- end of plain forms' fields ----
  if (document.querySelector('[data-sticky-header]')) stops.push(watchSticky());
  document.addEventListener('click', onFrameLinkClick);
  document.addEventListener('submit', onEarlySubmit, true);
  document.addEventListener('submit', onConfirmSubmit);
  document.addEventListener('submit', onBusySubmit);
  window.addEventListener('pageshow', onPageShow);
  return () => {
    stops.forEach((stop) => stop());
    document.removeEventListener('click', onFrameLinkClick);
    document.removeEventListener('submit', onEarlySubmit, true);
    document.removeEventListener('submit', onConfirmSubmit);
    document.removeEventListener('submit', onBusySubmit);
    window.removeEventListener('pageshow', onPageShow);
  };
}
