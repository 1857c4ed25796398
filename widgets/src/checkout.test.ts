import { afterEach, describe, expect, it, vi } from 'vitest';
import { FOCUS_KEY, enhanceCheckout } from './checkout';

afterEach(() => {
  document.body.innerHTML = '';
  sessionStorage.clear();
  vi.restoreAllMocks();
});

/** The confirmation as `app/src/orders/checkout.rs` renders it without its island. */
function confirmation(): HTMLFormElement {
  document.body.innerHTML = `
    <div data-checkout-plain="" data-entry-key="mall.settle" data-entry="[3,4]">
      <label><input type="radio" name="addrId" form="f" value="1" data-checkout-choice="" checked /></label>
      <label><input type="radio" name="addrId" form="f" value="2" data-checkout-choice="" /></label>
      <select name="couponIds" form="f" data-checkout-choice=""><option value="0">None</option><option value="9">Nine</option></select>
      <select name="couponIds" form="f" data-checkout-choice=""><option value="0">None</option><option value="8">Eight</option></select>
      <textarea name="remarks.2" form="f" maxlength="200" data-count-in="remarks-count-2"></textarea>
      <span id="remarks-count-2">0/200</span>
      <form id="f" method="post" action="/order/submit">
        <input type="hidden" name="basketId" value="3" />
        <button type="submit" formmethod="get" formaction="/submit-order" data-checkout-update="">Update</button>
        <button type="submit" id="submit">Submit Order</button>
      </form>
    </div>`;
  const form = document.querySelector('form')!;
  // jsdom does not navigate: the submission is only recorded.
  form.addEventListener('submit', (event) => event.preventDefault());
  return form;
}

describe('the plain order confirmation', () => {
  it('keeps what it buys in sessionStorage', () => {
    confirmation();
    enhanceCheckout();
    expect(sessionStorage.getItem('mall.settle')).toBe('[3,4]');
  });

  it('lets the entry go when Submit Order is sent', () => {
    confirmation();
    const form = document.querySelector('form')!;
    // A form without the test's listener in front: replace it by a clone.
    const fresh = form.cloneNode(true) as HTMLFormElement;
    form.replaceWith(fresh);
    fresh.addEventListener('submit', (event) => queueMicrotask(() => event.preventDefault()));
    enhanceCheckout();
    const submitter = document.getElementById('submit') as HTMLButtonElement;
    fresh.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter }));
    expect(sessionStorage.getItem('mall.settle')).toBeNull();
  });

  it('asks for the confirmation again as a choice changes, and hides Update', () => {
    const form = confirmation();
    const sent = vi.spyOn(form, 'requestSubmit').mockImplementation(() => undefined);
    enhanceCheckout();
    const update = document.querySelector<HTMLButtonElement>('[data-checkout-update]')!;
    expect(update.hidden).toBe(true);
    const second = document.querySelectorAll('select')[1]!;
    second.value = '8';
    second.dispatchEvent(new Event('change', { bubbles: true }));
    expect(sent).toHaveBeenCalledWith(update);
    expect(JSON.parse(sessionStorage.getItem(FOCUS_KEY)!)).toEqual({ name: 'couponIds', index: 3 });
  });

  it('gives the focus back to the choice that changed, once', () => {
    confirmation();
    sessionStorage.setItem(FOCUS_KEY, JSON.stringify({ name: 'couponIds', index: 3 }));
    enhanceCheckout();
    expect(document.activeElement).toBe(document.querySelectorAll('select')[1]);
    expect(sessionStorage.getItem(FOCUS_KEY)).toBeNull();

    confirmation();
    sessionStorage.setItem(FOCUS_KEY, JSON.stringify({ name: 'addrId', index: 1 }));
    enhanceCheckout();
    // A radio group is entered at its chosen radio.
    expect(document.activeElement).toBe(document.querySelector('input[value="1"]'));
  });

  it("counts a message's characters as they are typed", () => {
    confirmation();
    enhanceCheckout();
    const area = document.querySelector('textarea')!;
    area.value = 'Ring twice 🔔';
    area.dispatchEvent(new Event('input'));
    expect(document.getElementById('remarks-count-2')!.textContent).toBe('12/200');
  });
});
