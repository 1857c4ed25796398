import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundQuantity, copyLink, enhanceProductPage } from './product';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** The markup `app/src/catalog/gallery.rs` renders for three pictures. */
function gallery(): HTMLElement {
  document.body.innerHTML = `
    <div class="gallery" data-gallery="">
      <img class="gallery__main" src="/a.jpg" alt="Phone" />
      <div class="gallery__thumbs">
        <button type="button" class="gallery__thumb is-active" aria-pressed="true" data-gallery-src="/a.jpg"><img src="/a.jpg" alt="" /></button>
        <button type="button" class="gallery__thumb" aria-pressed="false" data-gallery-src="/b.jpg"><img src="/b.jpg" alt="" /></button>
        <button type="button" class="gallery__thumb" aria-pressed="false" data-gallery-src="/c.jpg"><img src="/c.jpg" alt="" /></button>
      </div>
    </div>`;
  enhanceProductPage();
  return document.querySelector('[data-gallery]')!;
}

/** The markup of a guest's buy box (`app/src/catalog/buy_box.rs`): two SKUs, the second of 3 left. */
function buyBox(offShelf = false): HTMLFormElement {
  document.body.innerHTML = `
    <form class="buy-box" data-sku-picker=""${offShelf ? ' data-off-shelf=""' : ''} method="post" action="/cart/add">
      <input type="radio" name="skuId" value="1" checked data-price="$10.00" data-ori-price="$12.00" data-stock-text="Stock: 50" data-available="50" />
      <input type="radio" name="skuId" value="2" data-price="$15.00" data-ori-price="" data-stock-text="Stock: 3" data-available="3" />
      <p><strong data-sku-price="">$10.00</strong> <del data-sku-ori-price="">$12.00</del></p>
      <button type="button" data-step="-1" disabled>−</button>
      <input type="number" name="count" min="1" max="50" value="1" />
      <button type="button" data-step="1">+</button>
      <span data-sku-stock="">Stock: 50</span>
      <button type="submit" data-login-first="" data-sku-buy="">Add to Cart</button>
    </form>`;
  enhanceProductPage();
  return document.querySelector('form')!;
}

const choose = (form: HTMLFormElement, value: string) => {
  const radio = form.querySelector<HTMLInputElement>(`input[value="${value}"]`)!;
  radio.checked = true;
  radio.dispatchEvent(new Event('change', { bubbles: true }));
};
const quantity = (form: HTMLFormElement) => form.querySelector<HTMLInputElement>('input[name="count"]')!;
const step = (form: HTMLFormElement, by: string) => form.querySelector<HTMLButtonElement>(`[data-step="${by}"]`)!.click();

describe('the gallery', () => {
  it('shows the picture of the thumbnail clicked or hovered, and marks only that one pressed', () => {
    const root = gallery();
    const thumbs = [...root.querySelectorAll<HTMLElement>('[data-gallery-src]')];
    thumbs[1]!.click();
    expect(root.querySelector('img')!.getAttribute('src')).toBe('/b.jpg');
    expect(thumbs.map((t) => t.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false']);
    thumbs[2]!.querySelector('img')!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(root.querySelector('img')!.getAttribute('src')).toBe('/c.jpg');
    expect(thumbs.map((t) => t.classList.contains('is-active'))).toEqual([false, false, true]);
  });
});

describe('Copy link', () => {
  it('copies the full address and says so, or says it could not', async () => {
    document.body.innerHTML = '<button data-copy-link="/detail?prodId=7" data-copied="Copied" data-copy-failed="Could not copy"></button>';
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const button = document.querySelector<HTMLElement>('button')!;
    await copyLink(button);
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/detail?prodId=7`);
    expect(document.querySelector('.mall-toast--success')?.textContent).toBe('Copied');
    writeText.mockRejectedValue(new Error('denied'));
    await copyLink(button);
    expect(document.querySelector('.mall-toast--error')?.textContent).toBe('Could not copy');
  });
});

describe("a guest's buy box", () => {
  it('shows the chosen SKU: its price, original price and stock', () => {
    const form = buyBox();
    choose(form, '2');
    expect(form.querySelector('[data-sku-price]')!.textContent).toBe('$15.00');
    expect(form.querySelector<HTMLElement>('[data-sku-ori-price]')!.hidden).toBe(true);
    expect(form.querySelector('[data-sku-stock]')!.textContent).toBe('Stock: 3');
    choose(form, '1');
    expect(form.querySelector<HTMLElement>('[data-sku-ori-price]')!.hidden).toBe(false);
    expect(form.querySelector('[data-sku-ori-price]')!.textContent).toBe('$12.00');
  });

  it("keeps the quantity within the chosen SKU's stock, − disabled at 1", () => {
    const form = buyBox();
    step(form, '1');
    step(form, '1');
    step(form, '1');
    step(form, '1');
    expect(quantity(form).value).toBe('5');
    expect(form.querySelector<HTMLButtonElement>('[data-step="-1"]')!.disabled).toBe(false);
    choose(form, '2');
    expect(quantity(form).value).toBe('3');
    expect(quantity(form).max).toBe('3');
    step(form, '1');
    expect(quantity(form).value).toBe('3');
    quantity(form).value = '0';
    quantity(form).dispatchEvent(new Event('change', { bubbles: true }));
    expect(quantity(form).value).toBe('1');
    expect(form.querySelector<HTMLButtonElement>('[data-step="-1"]')!.disabled).toBe(true);
  });

  it('keeps the buttons off for a product off the shelves', () => {
    const form = buyBox(true);
    choose(form, '2');
    expect(form.querySelector<HTMLButtonElement>('[data-sku-buy]')!.disabled).toBe(true);
  });

  it('bounds a quantity as the island does', () => {
    expect(boundQuantity(0, 5)).toBe(1);
    expect(boundQuantity(9, 5)).toBe(5);
    expect(boundQuantity(3, 0)).toBe(1);
  });
});
