import { afterEach, describe, expect, it, vi } from 'vitest';
import { STEP_MS, enhanceTicker, nextNotice } from './ticker';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

/** The markup `app/src/frame/header.rs` renders, with `count` notices. */
function ticker(count: number): HTMLElement {
  const items = Array.from({ length: count }, (_, i) => `<li class="notice-ticker__item"><a href="/notice-detail?id=${i + 1}&shopId=0">Notice ${i + 1}</a></li>`).join('');
  document.body.innerHTML = `<div class="notice-ticker"><div class="notice-ticker__viewport"><ul class="notice-ticker__list">${items}</ul></div></div>`;
  return document.querySelector<HTMLElement>('.notice-ticker')!;
}

const list = (root: HTMLElement) => root.querySelector<HTMLElement>('.notice-ticker__list')!;

describe('nextNotice', () => {
  it('steps forward and wraps to the first after the last', () => {
    expect(nextNotice(0, 3)).toBe(1);
    expect(nextNotice(2, 3)).toBe(0);
    expect(nextNotice(0, 1)).toBe(0);
    expect(nextNotice(0, 0)).toBe(0);
  });
});

describe('enhanceTicker', () => {
  it('shows the next notice every step, then jumps back to the first without scrolling through', () => {
    vi.useFakeTimers();
    const root = ticker(4);
    const stop = enhanceTicker(root, false);
    expect(list(root).style.transform).toBe('');
    vi.advanceTimersByTime(STEP_MS - 1);
    expect(list(root).style.transform).toBe('');
    vi.advanceTimersByTime(1);
    expect(list(root).style.transform).toBe('translateY(-25%)');
    expect(list(root).classList.contains('notice-ticker__list--wrapping')).toBe(false);
    vi.advanceTimersByTime(2 * STEP_MS);
    expect(list(root).style.transform).toBe('translateY(-75%)');
    vi.advanceTimersByTime(STEP_MS);
    expect(list(root).style.transform).toBe('translateY(-0%)');
    expect(list(root).classList.contains('notice-ticker__list--wrapping')).toBe(true);
    vi.advanceTimersByTime(STEP_MS);
    expect(list(root).classList.contains('notice-ticker__list--wrapping')).toBe(false);
    stop();
    vi.advanceTimersByTime(5 * STEP_MS);
    expect(list(root).style.transform).toBe('translateY(-25%)');
  });

  it('waits while it is pointed at', () => {
    vi.useFakeTimers();
    const root = ticker(2);
    enhanceTicker(root, false);
    root.dispatchEvent(new MouseEvent('mouseenter'));
    vi.advanceTimersByTime(3 * STEP_MS);
    expect(list(root).style.transform).toBe('');
    root.dispatchEvent(new MouseEvent('mouseleave'));
    vi.advanceTimersByTime(STEP_MS);
    expect(list(root).style.transform).toBe('translateY(-50%)');
  });

  it('waits while a notice has the keyboard focus', () => {
    vi.useFakeTimers();
    const root = ticker(3);
    enhanceTicker(root, false);
    root.querySelector('a')!.focus();
    vi.advanceTimersByTime(3 * STEP_MS);
    expect(list(root).style.transform).toBe('');
    root.querySelector('a')!.blur();
    vi.advanceTimersByTime(STEP_MS);
    expect(list(root).style.transform).toBe('translateY(-33.333333333333336%)');
  });

  it('stands still with one notice or when the visitor asks for reduced motion', () => {
    vi.useFakeTimers();
    const single = ticker(1);
    enhanceTicker(single, false);
    vi.advanceTimersByTime(3 * STEP_MS);
    expect(list(single).style.transform).toBe('');
    const still = ticker(3);
    enhanceTicker(still, true);
    vi.advanceTimersByTime(3 * STEP_MS);
    expect(list(still).style.transform).toBe('');
  });
});
