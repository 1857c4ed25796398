/**
 * The product page's small behaviours, which need no Rust (record 0190). The server renders
 * each part whole and working without script; this runs as soon as the page has loaded:
 * - the gallery (`data-gallery`): a thumbnail's hover or click shows its picture large
 *   (`data-gallery-src`), marked pressed;
 * - Copy link (`data-copy-link`: the path): copies the page's full address and says so in a
 *   toast (`data-copied`, or `data-copy-failed` when the browser refuses);
 * - a guest's buy box (`data-sku-picker`, rendered without its island): the chosen SKU's price,
 *   original price and stock, from what its radio names (`data-price`, `data-ori-price`,
 *   `data-stock-text`, `data-available`), the quantity's bound and its − and + (`data-step`),
 *   and the buttons usable only while the SKU can be bought. The buttons ask the guest to sign
 *   in (`data-login-first`, `./frame.ts`); a signed-in buyer's box is its island.
 */
import { showToast } from './toast';

/** Shows `thumb`'s picture large in its gallery and marks it the one pressed. */
function showPicture(gallery: HTMLElement, thumb: HTMLElement): void {
  const main = gallery.querySelector<HTMLImageElement>('.gallery__main');
  const src = thumb.dataset.gallerySrc;
  if (!main || !src) return;
  main.src = src;
  gallery.querySelectorAll<HTMLElement>('[data-gallery-src]').forEach((other) => {
    const pressed = other === thumb;
    other.classList.toggle('is-active', pressed);
    other.setAttribute('aria-pressed', String(pressed));
  });
}

/** Makes every gallery of `root` follow its thumbnails. */
export function enhanceGalleries(root: ParentNode = document): void {
  root.querySelectorAll<HTMLElement>('[data-gallery]').forEach((gallery) => {
    const follow = (event: Event) => {
      const thumb = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-gallery-src]') : null;
      if (thumb && gallery.contains(thumb)) showPicture(gallery, thumb);
    };
    gallery.addEventListener('click', follow);
    gallery.addEventListener('mouseover', follow);
  });
}

/** Copies the page's address named by `button` and tells the buyer how it went. */
export async function copyLink(button: HTMLElement): Promise<void> {
  const url = `${window.location.origin}${button.dataset.copyLink ?? ''}`;
  let done = false;
  try {
    await navigator.clipboard.writeText(url);
    done = true;
  } catch {
    done = false;
  }
  const message = (done ? button.dataset.copied : button.dataset.copyFailed) ?? '';
  showToast({ type: done ? 'success' : 'error', message, duration: 1500 });
}

/** Makes every Copy link button of `root` copy. */
export function enhanceCopyLinks(root: ParentNode = document): void {
  root.querySelectorAll<HTMLElement>('[data-copy-link]').forEach((button) => {
    button.addEventListener('click', () => void copyLink(button));
  });
}

/** The whole number in `raw`, or `fallback`. */
function whole(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return raw !== undefined && raw.trim() !== '' && Number.isSafeInteger(value) ? value : fallback;
}

/** The quantity `wanted` kept within 1..=`most` (at least 1), as the island keeps it. */
export function boundQuantity(wanted: number, most: number): number {
  return Math.min(Math.max(wanted, 1), Math.max(most, 1));
}

/** Makes a guest's buy box show the SKU chosen and keep its quantity within what can be bought. */
export function enhanceSkuPicker(form: HTMLFormElement): void {
  const quantity = form.querySelector<HTMLInputElement>('input[name="count"]');
  const decrease = form.querySelector<HTMLButtonElement>('[data-step="-1"]');
  const chosen = () => [...form.querySelectorAll<HTMLInputElement>('input[name="skuId"]')].find((sku) => sku.checked);
  const most = () => whole(chosen()?.dataset.available, 0);
  const setQuantity = (wanted: number) => {
    if (!quantity) return;
    const value = boundQuantity(wanted, most());
    quantity.value = String(value);
    if (decrease) decrease.disabled = value <= 1;
  };
  const showChosen = () => {
    const sku = chosen();
    if (!sku) return;
    const price = form.querySelector<HTMLElement>('[data-sku-price]');
    const original = form.querySelector<HTMLElement>('[data-sku-ori-price]');
    const stock = form.querySelector<HTMLElement>('[data-sku-stock]');
    if (price) price.textContent = sku.dataset.price ?? '';
    if (original) {
      original.textContent = sku.dataset.oriPrice ?? '';
      original.hidden = !sku.dataset.oriPrice;
    }
    if (stock) stock.textContent = sku.dataset.stockText ?? '';
    if (quantity) quantity.max = String(Math.max(most(), 1));
    const usable = most() > 0 && !form.hasAttribute('data-off-shelf');
    form.querySelectorAll<HTMLButtonElement>('[data-sku-buy]').forEach((button) => {
      button.disabled = !usable;
    });
    setQuantity(whole(quantity?.value, 1));
  };
  form.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.name === 'skuId') showChosen();
    else if (event.target === quantity) setQuantity(whole(quantity?.value, 1));
  });
  form.addEventListener('click', (event) => {
    const step = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-step]') : null;
    if (!step || !form.contains(step)) return;
    setQuantity(whole(quantity?.value, 1) + whole(step.dataset.step, 0));
  });
}

/** Enhances every part of the product page found in `root`. */
export function enhanceProductPage(root: ParentNode = document): void {
  enhanceGalleries(root);
  enhanceCopyLinks(root);
  root.querySelectorAll<HTMLFormElement>('form[data-sku-picker]').forEach(enhanceSkuPicker);
}
