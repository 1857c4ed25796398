import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTOPLAY_MS, enhanceCarousel, swipeStep, wrap } from './carousel';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The markup `app/src/components/carousel.rs` renders, with `count` slides. */
function carousel(count: number): HTMLElement {
  const slides = Array.from(
    { length: count },
    (_, i) => `<a class="carousel__slide" href="/detail?prodId=${i + 1}&bannerEnter=1" data-prod-id="${i + 1}"${i > 0 ? ' inert' : ''}></a>`,
  ).join('');
  const dots = Array.from(
    { length: count },
    (_, i) => `<button type="button" class="carousel__dot${i === 0 ? ' is-active' : ''}" data-carousel-index="${i}"${i === 0 ? ' aria-current="true"' : ''}></button>`,
  ).join('');
  document.body.innerHTML = `
    <section class="carousel" data-carousel="" data-off-shelf="Off the shelves">
      <div class="carousel__track" style="transform: translateX(-0%);">${slides}</div>
      <button type="button" class="carousel__arrow--prev" data-carousel-step="-1"></button>
      <button type="button" class="carousel__arrow--next" data-carousel-step="1"></button>
      <div class="carousel__dots">${dots}</div>
    </section>`;
  return document.querySelector('section')!;
}

const shown = (root: HTMLElement) => ({
  transform: root.querySelector<HTMLElement>('.carousel__track')!.style.transform,
  live: [...root.querySelectorAll('.carousel__slide')].map((s) => !s.hasAttribute('inert')),
  current: [...root.querySelectorAll('.carousel__dot')].map((d) => d.getAttribute('aria-current') === 'true' && d.classList.contains('is-active')),
});

function touch(root: HTMLElement, type: 'touchstart' | 'touchend', x: number): void {
  const point = { clientX: x, clientY: 10 };
  const event = new Event(type, { bubbles: true }) as TouchEvent;
  Object.defineProperty(event, type === 'touchstart' ? 'touches' : 'changedTouches', { value: [point] });
  Object.defineProperty(event, type === 'touchstart' ? 'changedTouches' : 'touches', { value: type === 'touchstart' ? [point] : [] });
  root.dispatchEvent(event);
}

describe('the carousel rules', () => {
  it('wraps at both ends', () => {
    expect(wrap(0, -1, 5)).toBe(4);
    expect(wrap(4, 1, 5)).toBe(0);
    expect(wrap(2, 1, 5)).toBe(3);
    expect(wrap(0, 1, 0)).toBe(0);
  });

  it('counts only swipes over fifty pixels', () => {
    expect(swipeStep(100, 60)).toBe(0);
    expect(swipeStep(100, 49)).toBe(1);
    expect(swipeStep(100, 151)).toBe(-1);
  });
});

describe('a carousel', () => {
  it('moves by arrows and dots, wrapping, and only the slide shown is reachable', () => {
    const root = carousel(3);
    enhanceCarousel(root);
    root.querySelector<HTMLElement>('[data-carousel-step="-1"]')!.click();
    expect(shown(root)).toEqual({ transform: 'translateX(-200%)', live: [false, false, true], current: [false, false, true] });
    root.querySelector<HTMLElement>('[data-carousel-step="1"]')!.click();
    expect(shown(root).transform).toBe('translateX(-0%)');
    root.querySelectorAll<HTMLElement>('.carousel__dot')[1]!.click();
    expect(shown(root)).toEqual({ transform: 'translateX(-100%)', live: [false, true, false], current: [false, true, false] });
  });

  it('plays every five seconds, starts the period again after a move by hand, and pauses during a touch', () => {
    vi.useFakeTimers();
    const root = carousel(3);
    const stop = enhanceCarousel(root);
    vi.advanceTimersByTime(AUTOPLAY_MS - 1);
    expect(shown(root).transform).toBe('translateX(-0%)');
    vi.advanceTimersByTime(1);
    expect(shown(root).transform).toBe('translateX(-100%)');
    vi.advanceTimersByTime(AUTOPLAY_MS - 1000);
    root.querySelectorAll<HTMLElement>('.carousel__dot')[0]!.click();
    vi.advanceTimersByTime(1000);
    expect(shown(root).transform).toBe('translateX(-0%)');
    touch(root, 'touchstart', 300);
    vi.advanceTimersByTime(AUTOPLAY_MS * 2);
    expect(shown(root).transform).toBe('translateX(-0%)');
    stop();
  });

  it('moves on a swipe over fifty pixels only', () => {
    const root = carousel(3);
    enhanceCarousel(root);
    touch(root, 'touchstart', 400);
    touch(root, 'touchend', 380);
    expect(shown(root).transform).toBe('translateX(-0%)');
    touch(root, 'touchstart', 400);
    touch(root, 'touchend', 300);
    expect(shown(root).transform).toBe('translateX(-100%)');
    touch(root, 'touchstart', 300);
    touch(root, 'touchend', 400);
    expect(shown(root).transform).toBe('translateX(-0%)');
  });

  it('opens a product banner only after its status check, and says so when it is off the shelves', async () => {
    const root = carousel(2);
    enhanceCarousel(root);
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const answer = (data: boolean) => new Response(JSON.stringify({ success: true, code: '00000', msg: null, data }));
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(answer(true)).mockResolvedValueOnce(answer(false));
    const slide = root.querySelector<HTMLElement>('.carousel__slide')!;
    const click = () => slide.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));

    expect(click()).toBe(false);
    await vi.waitFor(() => expect(tab.location.href).toBe('/detail?prodId=1&bannerEnter=1'));
    expect(tab.opener).toBeNull();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/prod/isStatus?prodId=1');

    click();
    await vi.waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(document.body.textContent).toContain('Off the shelves');
    // A click with a modifier key is the browser's.
    expect(slide.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }))).toBe(true);
  });
});
