/**
 * The banner carousel's moving parts (spec sections 4 "Carousel" and 9): arrows, dots, swipe
 * over 50 px, auto-play every 5000 ms pausing during a touch, wrapping at both ends. The server
 * renders the whole carousel (`app/src/components/carousel.rs`) with its first slide shown;
 * this runs as soon as the page has loaded, so the home page needs no wasm to turn its banners.
 * A banner of a product first checks `/prod/isStatus` and opens the detail page in a new tab
 * only when the product can be bought; otherwise it says the goods are off the shelves
 * (spec section 2).
 */
import { request } from './api';
import { PROD_IS_STATUS } from './generated/paths';
import { showToast } from './toast';

/** Auto-play interval. */
export const AUTOPLAY_MS = 5000;
/** Horizontal distance a swipe must cover. */
export const SWIPE_PX = 50;

/** The slide after moving `step` from `index` among `count`, wrapping around. */
export function wrap(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** The direction of a finished swipe: -1 back, 1 forward, 0 too short. */
export function swipeStep(startX: number, endX: number): number {
  const dx = endX - startX;
  if (Math.abs(dx) <= SWIPE_PX) return 0;
  return dx < 0 ? 1 : -1;
}

/**
 * Opens a product banner: a blank tab is opened within the click (so no popup blocker
 * interferes), then pointed at the detail page if the product is open, or closed with a toast.
 * A failed check does not block the visit: the detail page states the product's status.
 */
async function openChecked(prodId: string, href: string, offShelf: string): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  const open = await request<boolean>('GET', PROD_IS_STATUS, { query: { prodId }, handleError: true }).catch(() => true);
  if (open && tab) {
    tab.opener = null;
    tab.location.href = href;
  } else if (open) {
    window.location.href = href;
  } else {
    tab?.close();
    showToast({ type: 'warning', message: offShelf, duration: 2000 });
  }
}

/** Makes the server-rendered carousel `root` move; answers the function that stops it. */
export function enhanceCarousel(root: HTMLElement): () => void {
  const track = root.querySelector<HTMLElement>('.carousel__track');
  const slides = [...root.querySelectorAll<HTMLElement>('.carousel__slide')];
  const dots = [...root.querySelectorAll<HTMLElement>('.carousel__dot')];
  const count = slides.length;
  let index = 0;
  let touching = false;
  let touchStartX = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  const render = () => {
    if (track) track.style.transform = `translateX(-${index * 100}%)`;
    // Only the slide shown can be reached by keyboard and screen readers.
    slides.forEach((slide, i) => slide.toggleAttribute('inert', i !== index));
    dots.forEach((dot, i) => {
      dot.classList.toggle('is-active', i === index);
      if (i === index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
  };
  // Moving by hand starts the auto-play period again (a full 5 s before the next slide).
  const restart = () => {
    clearInterval(timer);
    if (count < 2) return;
    timer = setInterval(() => {
      if (touching) return;
      index = wrap(index, 1, count);
      render();
    }, AUTOPLAY_MS);
  };
  const show = (i: number) => {
    index = i;
    render();
    restart();
  };

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest<HTMLElement>('[data-carousel-step], [data-carousel-index]');
    if (control) {
      const step = Number(control.dataset.carouselStep);
      show(control.dataset.carouselIndex !== undefined ? Number(control.dataset.carouselIndex) : wrap(index, step, count));
      return;
    }
    // A product banner's click: checked before it opens. Modified clicks (new window,
    // download) keep the browser's behaviour.
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const link = target?.closest<HTMLAnchorElement>('a[data-prod-id]');
    const href = link?.getAttribute('href');
    if (!link || !href) return;
    event.preventDefault();
    void openChecked(link.dataset.prodId ?? '', href, root.dataset.offShelf ?? '');
  };
  const onTouchStart = (event: TouchEvent) => {
    touching = true;
    touchStartX = event.touches[0]?.clientX ?? 0;
  };
  const onTouchEnd = (event: TouchEvent) => {
    touching = false;
    const end = event.changedTouches[0];
    if (!end) return;
    const step = swipeStep(touchStartX, end.clientX);
    if (step !== 0) show(wrap(index, step, count));
  };
  const onTouchCancel = () => {
    touching = false;
  };

  root.addEventListener('click', onClick);
  root.addEventListener('touchstart', onTouchStart, { passive: true });
  root.addEventListener('touchend', onTouchEnd, { passive: true });
  root.addEventListener('touchcancel', onTouchCancel, { passive: true });
  restart();
  return () => {
    clearInterval(timer);
    root.removeEventListener('click', onClick);
    root.removeEventListener('touchstart', onTouchStart);
    root.removeEventListener('touchend', onTouchEnd);
    root.removeEventListener('touchcancel', onTouchCancel);
  };
}

/** Starts every carousel of the page. */
export function enhanceCarousels(root: ParentNode = document): void {
  for (const carousel of root.querySelectorAll<HTMLElement>('[data-carousel]')) enhanceCarousel(carousel);
}
