import { afterEach, describe, expect, it, vi } from 'vitest';
import { on } from './events';
import {
  STICKY_AFTER_PX,
  badgeCount,
  installFrame,
  onBusySubmit,
  onConfirmSubmit,
  onFrameLinkClick,
  onPageShow,
  showCartCount,
  watchCartCount,
  watchSticky,
  watchUnreadBadges,
} from './frame';

afterEach(() => {
  document.body.innerHTML = '';
  document.body.className = '';
  document.removeEventListener('click', onFrameLinkClick);
});

/** A plain primary click on `el`, as the browser sends it; answers whether it was prevented. */
function click(el: Element, init: MouseEventInit = {}): boolean {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  el.dispatchEvent(event);
  return event.defaultPrevented;
}

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

/** Records the details of `name` until the test ends. */
function heard<K extends 'mall:open-login' | 'mall:open-compare' | 'mall:open-chat'>(name: K): unknown[] {
  const details: unknown[] = [];
  stops.push(on(name, (detail) => details.push(detail)));
  return details;
}

describe('the frame', () => {
  it('caps a badge as the server does', () => {
    expect(badgeCount(5, 99)).toBe('5');
    expect(badgeCount(100, 99)).toBe('99+');
    expect(badgeCount(-1, 99)).toBe('0');
  });

  it('shows the sticky header past 200 px of scrolling', () => {
    const stop = watchSticky();
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(STICKY_AFTER_PX + 1);
    window.dispatchEvent(new Event('scroll'));
    expect(document.body.classList.contains('is-scrolled')).toBe(true);
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(10);
    window.dispatchEvent(new Event('scroll'));
    expect(document.body.classList.contains('is-scrolled')).toBe(false);
    stop();
    vi.restoreAllMocks();
  });

  it('brings every cart count up to date, a badge hidden at 0', () => {
    document.body.innerHTML =
      '<span data-cart-count="999">1</span><span class="badge" data-cart-count="99" data-cart-hide-zero="">1</span>';
    const plain = document.querySelector<HTMLElement>('[data-cart-count]:not(.badge)')!;
    const badge = document.querySelector<HTMLElement>('.badge[data-cart-count]')!;
    showCartCount(120);
    expect(plain.textContent).toBe('120');
    expect(badge.textContent).toBe('99+');
    expect(badge.hidden).toBe(false);
    showCartCount(0);
    expect(plain.textContent).toBe('0');
    expect(badge.hidden).toBe(true);
  });

  it('takes the count a change carries, and otherwise shows only the latest answer', async () => {
    document.body.innerHTML = '<span data-cart-count="999">1</span>';
    const count = document.querySelector('[data-cart-count]')!;
    const answers: ((n: number) => void)[] = [];
    const fetchCount = vi.fn(() => new Promise<number | undefined>((resolve) => answers.push(resolve)));
    const stop = watchCartCount(fetchCount);
    window.dispatchEvent(new CustomEvent('mall:cart-changed', { detail: { count: 7 } }));
    expect(count.textContent).toBe('7');
    expect(fetchCount).not.toHaveBeenCalled();
    window.dispatchEvent(new CustomEvent('mall:cart-changed'));
    window.dispatchEvent(new CustomEvent('mall:cart-changed'));
    answers[1]!(9);
    await Promise.resolve();
    answers[0]!(8);
    await vi.waitFor(() => expect(count.textContent).toBe('9'));
    await Promise.resolve();
    expect(count.textContent).toBe('9');
    stop();
  });

  it('brings every unread badge to the total the chat tells', () => {
    document.body.innerHTML = '<span data-chat-unread="" hidden>0</span>';
    const badge = document.querySelector<HTMLElement>('[data-chat-unread]')!;
    const stop = watchUnreadBadges();
    window.dispatchEvent(new CustomEvent('mall:chat-unread', { detail: { total: 3 } }));
    expect(badge.textContent).toBe('3');
    expect(badge.hidden).toBe(false);
    window.dispatchEvent(new CustomEvent('mall:chat-unread', { detail: { total: 'x' } }));
    expect(badge.textContent).toBe('3');
    stop();
  });

  it("keeps an island's action-less form from going out as a GET before hydration", () => {
    document.body.innerHTML =
      '<leptos-island><form id="own"><input name="payPassword"></form><form id="posted" method="post" action="/order/pay"></form></leptos-island>';
    const submit = (id: string) => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      document.getElementById(id)!.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const stop = installFrame();
    expect(submit('own')).toBe(true);
    expect(submit('posted')).toBe(false);
    window.__mallHydrated = true;
    expect(submit('own')).toBe(false);
    delete window.__mallHydrated;
    stop();
  });

  describe('links', () => {
    it("open the login popup for a guest's sign-in-first link, coming back to it", () => {
      const logins = heard('mall:open-login');
      document.body.innerHTML = '<a href="/cart" data-login-first=""><span>Cart</span></a><a href="/cart">Cart</a>';
      document.addEventListener('click', onFrameLinkClick);
      const guest = document.querySelector('a[data-login-first]')!;
      const plain = document.querySelector('a:not([data-login-first])')!;
      expect(click(guest.querySelector('span')!)).toBe(true);
      expect(logins).toEqual([{ redirect: '/cart' }]);
      expect(click(plain)).toBe(false);
      // A modifier key opens the link as the browser does.
      expect(click(guest, { ctrlKey: true })).toBe(false);
      expect(logins).toHaveLength(1);
    });

    it("open the login popup for a guest's claim or collect button instead of posting its form", () => {
      const logins = heard('mall:open-login');
      document.body.innerHTML =
        '<form method="post" action="/my-coupon/receive"><button type="submit" data-login-first=""><span>Claim</span></button></form>' +
        '<form method="post" action="/my-coupon/receive"><button type="submit">Claim</button></form>';
      document.addEventListener('click', onFrameLinkClick);
      const [guest, buyer] = [...document.querySelectorAll('button')] as [HTMLButtonElement, HTMLButtonElement];
      expect(click(guest.querySelector('span')!)).toBe(true);
      expect(logins).toEqual([{ redirect: undefined }]);
      expect(click(buyer)).toBe(false);
      expect(logins).toHaveLength(1);
    });

    it('open the comparison sidebar where the page hosts it, and otherwise follow the link', () => {
      const compares = heard('mall:open-compare');
      document.body.innerHTML = '<a href="/product-comparison?prodId=5" data-compare="5">Compare</a>';
      document.addEventListener('click', onFrameLinkClick);
      const link = document.querySelector('a')!;
      expect(click(link)).toBe(false);
      document.body.insertAdjacentHTML('beforeend', '<mall-widget data-compare-panel=""></mall-widget>');
      expect(click(link)).toBe(true);
      expect(compares).toEqual([{ prodId: 5 }]);
    });

    it('open the chat panel where the page has it, with the shop and product', () => {
      const chats = heard('mall:open-chat');
      document.body.innerHTML =
        '<a href="/chat?shopId=2" data-chat="" data-chat-shop="2" data-chat-prod="9">Chat</a>' +
        '<a href="/chat" data-chat="">Messages</a>';
      document.addEventListener('click', onFrameLinkClick);
      const shop = document.querySelector('a[data-chat-shop]')!;
      const list = document.querySelector('a:not([data-chat-shop])')!;
      expect(click(shop)).toBe(false);
      document.body.insertAdjacentHTML('beforeend', '<mall-widget data-chat-panel=""></mall-widget>');
      expect(click(shop)).toBe(true);
      expect(click(list)).toBe(true);
      expect(chats).toEqual([{ shopId: 2, prodId: 9 }, {}]);
    });
  });

  describe('forms that ask first', () => {
    const FORM =
      '<form method="post" action="/order/cancel" data-confirm="Cancel this order?">' +
      '<input type="hidden" name="orderNumber" value="7">' +
      '<input type="hidden" name="back" value="/order-detail?orderNumber=7" data-back-field="">' +
      '<input type="hidden" name="confirmed" value="" data-confirmed-field="">' +
      '<button type="submit">Cancel</button></form>';

    function submit(form: HTMLFormElement): boolean {
      const event = new Event('submit', { bubbles: true, cancelable: true }) as SubmitEvent;
      form.dispatchEvent(event);
      return event.defaultPrevented;
    }

    it("ask with the browser's dialog; a no sends nothing", () => {
      document.body.innerHTML = FORM;
      document.addEventListener('submit', onConfirmSubmit);
      stops.push(() => document.removeEventListener('submit', onConfirmSubmit));
      const asked = vi.fn(() => false);
      vi.stubGlobal('confirm', asked);
      const form = document.querySelector('form')!;
      expect(submit(form)).toBe(true);
      expect(asked).toHaveBeenCalledWith('Cancel this order?');
      expect(new FormData(form).get('confirmed')).toBe('');
      vi.unstubAllGlobals();
    });

    it('send a yes confirmed, back to this page, and only once', () => {
      window.history.replaceState(null, '', '/user-center/uc-order?status=1');
      document.body.innerHTML = FORM;
      document.addEventListener('submit', onConfirmSubmit);
      stops.push(() => document.removeEventListener('submit', onConfirmSubmit));
      const asked = vi.fn(() => true);
      vi.stubGlobal('confirm', asked);
      const form = document.querySelector('form')!;
      expect(submit(form)).toBe(false);
      const sent = new FormData(form);
      expect([sent.get('orderNumber'), sent.get('confirmed'), sent.get('back')]).toEqual(['7', '1', '/user-center/uc-order?status=1']);
      expect(submit(form)).toBe(true);
      expect(asked).toHaveBeenCalledTimes(1);
      vi.unstubAllGlobals();
    });

    it("leave a form without a question alone: the server's page asked already", () => {
      document.body.innerHTML = FORM.replace(' data-confirm="Cancel this order?"', '');
      document.addEventListener('submit', onConfirmSubmit);
      stops.push(() => document.removeEventListener('submit', onConfirmSubmit));
      const asked = vi.fn(() => true);
      vi.stubGlobal('confirm', asked);
      expect(submit(document.querySelector('form')!)).toBe(false);
      expect(asked).not.toHaveBeenCalled();
      vi.unstubAllGlobals();
    });
  });

  describe('forms the server answers with a new page', () => {
    const FORM =
      '<form method="post" action="/score/sign-in" data-busy-label="Signing in…">' +
      '<input type="hidden" name="back" value="/user-center/uc-integral">' +
      '<button type="submit">Sign in today</button></form>';

    function submit(form: HTMLFormElement): boolean {
      const event = new Event('submit', { bubbles: true, cancelable: true }) as SubmitEvent;
      form.dispatchEvent(event);
      return event.defaultPrevented;
    }

    it('are sent once, their button saying so, and again once shown from memory', () => {
      document.body.innerHTML = FORM;
      document.addEventListener('submit', onBusySubmit);
      stops.push(() => document.removeEventListener('submit', onBusySubmit));
      const form = document.querySelector('form')!;
      const button = form.querySelector('button')!;
      expect(submit(form)).toBe(false);
      expect(button.textContent).toBe('Signing in…');
      expect(form.getAttribute('aria-busy')).toBe('true');
      expect(submit(form)).toBe(true);
      onPageShow({ persisted: true } as PageTransitionEvent);
      expect(button.textContent).toBe('Sign in today');
      expect(submit(form)).toBe(false);
    });

    it('say what the button pressed does, when it has words of its own', () => {
      document.body.innerHTML =
        '<form method="post" action="/order/submit" data-busy-label="Submitting…">' +
        '<button type="submit" formmethod="get" data-busy-label="Updating…">Update</button>' +
        '<button type="submit">Submit</button></form>';
      document.addEventListener('submit', onBusySubmit);
      stops.push(() => document.removeEventListener('submit', onBusySubmit));
      const form = document.querySelector('form')!;
      const [update, submitButton] = Array.from(form.querySelectorAll('button')) as [HTMLButtonElement, HTMLButtonElement];
      const event = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: update });
      form.dispatchEvent(event);
      expect(update.textContent).toBe('Updating…');
      expect(submitButton.textContent).toBe('Submit');
    });

    it('leave other forms alone', () => {
      document.body.innerHTML = FORM.replace(' data-busy-label="Signing in…"', '');
      document.addEventListener('submit', onBusySubmit);
      stops.push(() => document.removeEventListener('submit', onBusySubmit));
      const form = document.querySelector('form')!;
      expect(submit(form)).toBe(false);
      expect(submit(form)).toBe(false);
      expect(form.querySelector('button')!.textContent).toBe('Sign in today');
    });
  });
});
