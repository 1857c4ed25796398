import { afterEach, describe, expect, it, vi } from 'vitest';
import { digitsOnly, enhanceCounter } from './payment';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The counter as `app/src/payments/counter` renders it without its island. */
function counter(dialog: 'none' | 'set' | 'password', balanceChosen = true): HTMLElement {
  const digits = (id: string, name: string) =>
    `<input id="${id}" name="${name}" type="password" maxlength="6" data-digits="" />`;
  const dialogs = {
    none: '',
    set: `<dialog open data-pay-dialog="">
        <form method="post" action="/user/pay-password" data-busy-label="Saving…" data-invalid-message="Six digits" data-mismatch-message="Not the same">
          ${digits('pay-password-new', 'payPassword')}${digits('pay-password-again', 'payPasswordAgain')}
          <p id="pay-dialog-error"></p>
          <a href="/payment?orderNumbers=1" data-dialog-close="">Cancel</a>
          <button type="submit">Save</button>
        </form></dialog>`,
    password: `<dialog open data-pay-dialog="">
        <form method="post" action="/order/pay" data-invalid-message="Six digits">
          ${digits('pay-password', 'payPassword')}<p id="pay-dialog-error"></p>
          <a href="/payment?orderNumbers=1" data-dialog-close="">Cancel</a>
          <button type="submit">Confirm</button>
        </form></dialog>`,
  };
  document.body.innerHTML = `
    <div data-pay-counter="">
      <form class="payment-methods" method="post" action="/order/pay">
        <input type="radio" name="payType" value="9" data-asks-password=""${balanceChosen ? ' checked' : ''} />
        <input type="radio" name="payType" value="17"${balanceChosen ? '' : ' checked'} />
        <button type="submit" id="payment-pay">Pay Now</button>
      </form>
      ${dialogs[dialog]}
    </div>`;
  const dialogElement = document.querySelector('dialog');
  if (dialogElement) {
    // jsdom has no modal dialogs: open and close set the attribute, as a browser does.
    dialogElement.showModal = vi.fn(() => dialogElement.setAttribute('open', ''));
    dialogElement.close = vi.fn(() => {
      dialogElement.removeAttribute('open');
      dialogElement.dispatchEvent(new Event('close'));
    });
  }
  enhanceCounter();
  return document.querySelector('[data-pay-counter]')!;
}

/** Submits `form` as a button would; answers whether the browser would send it. */
function submit(form: HTMLFormElement): boolean {
  return form.dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
}

describe('the counter without its island', () => {
  it('keeps only the digits typed, at most six', () => {
    expect(digitsOnly('13a5790')).toBe('135790');
    expect(digitsOnly('12 34-56 78')).toBe('123456');
  });

  it('makes the dialog the server rendered open modal, its first field focused', () => {
    counter('password');
    const dialog = document.querySelector('dialog')!;
    expect(dialog.showModal).toHaveBeenCalledOnce();
    expect(document.activeElement?.id).toBe('pay-password');
  });

  it('checks a new password before sending it, and says what is wrong under the field', () => {
    counter('set');
    const form = document.querySelector<HTMLFormElement>('dialog form')!;
    const [first, again] = Array.from(form.querySelectorAll<HTMLInputElement>('input[data-digits]'));
    first!.value = '12345';
    again!.value = '12345';
    expect(submit(form)).toBe(false);
    expect(form.querySelector('#pay-dialog-error')!.textContent).toBe('Six digits');
    expect(first!.getAttribute('aria-invalid')).toBe('true');

    first!.value = '123456';
    again!.value = '654321';
    expect(submit(form)).toBe(false);
    expect(form.querySelector('#pay-dialog-error')!.textContent).toBe('Not the same');

    again!.value = '123a456';
    again!.dispatchEvent(new Event('input'));
    expect(again!.value).toBe('123456');
    expect(form.querySelector('#pay-dialog-error')!.textContent).toBe('');
    expect(first!.hasAttribute('aria-invalid')).toBe(false);
    expect(submit(form)).toBe(true);
  });

  it('closes on Cancel, gives the focus back to Pay Now, and Pay Now with the balance opens it again', () => {
    counter('password');
    const dialog = document.querySelector('dialog')!;
    document.querySelector<HTMLElement>('[data-dialog-close]')!.click();
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement?.id).toBe('payment-pay');
    expect(submit(document.querySelector<HTMLFormElement>('form.payment-methods')!)).toBe(false);
    expect(dialog.hasAttribute('open')).toBe(true);
  });

  it('sends Pay Now when another method is chosen, or when no dialog is on the page', () => {
    counter('password', false);
    expect(submit(document.querySelector<HTMLFormElement>('form.payment-methods')!)).toBe(true);
    counter('none');
    expect(submit(document.querySelector<HTMLFormElement>('form.payment-methods')!)).toBe(true);
  });

  it("opens a single paid order's page after the pause, and only a page of this site", () => {
    vi.useFakeTimers();
    const assign = vi.fn();
    vi.stubGlobal('location', { origin: window.location.origin, href: window.location.href, assign });
    document.body.innerHTML = `<div data-pay-counter=""><section data-go-after="/order-detail?orderNumber=7" data-go-after-ms="3000"></section></div>`;
    enhanceCounter();
    vi.advanceTimersByTime(2_999);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledWith('/order-detail?orderNumber=7');

    for (const away of ['//evil.example/', '/\\evil.example', 'https://evil.example/', '/%5Cevil.example']) {
      assign.mockClear();
      document.body.innerHTML = `<div data-pay-counter=""><section data-go-after-ms="10"></section></div>`;
      // Set as an attribute, not written into the markup: the value is tested exactly as given.
      document.querySelector('section')!.setAttribute('data-go-after', away);
      enhanceCounter();
      vi.advanceTimersByTime(100);
      expect(assign, away).not.toHaveBeenCalled();
    }
    vi.unstubAllGlobals();
  });
});
