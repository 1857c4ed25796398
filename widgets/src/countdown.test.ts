import { afterEach, describe, expect, it, vi } from 'vitest';
import { remainingHms, startCountdown } from './countdown';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

function countdown(endMs: number, serverNowMs: number): HTMLElement {
  document.body.innerHTML = `<span class="countdown" data-countdown-end="${endMs}" data-countdown-now="${serverNowMs}"><span class="countdown__label">Ends in</span><b>00</b>:<b>00</b>:<b>00</b></span>`;
  return document.querySelector<HTMLElement>('.countdown')!;
}

const text = (el: HTMLElement) => [...el.querySelectorAll('b')].map((b) => b.textContent).join(':');

describe('a countdown', () => {
  it('counts hours, minutes and seconds and stops at zero', () => {
    expect(remainingHms(3_723_000, 0)).toEqual([1, 2, 3]);
    expect(remainingHms(100 * 3600 * 1000, 0)).toEqual([100, 0, 0]);
    expect(remainingHms(0, 5000)).toEqual([0, 0, 0]);
  });

  it("ticks every second by the server's clock, not the visitor's, and stops at zero", () => {
    vi.useFakeTimers();
    // The visitor's clock is an hour behind the server's.
    vi.setSystemTime(1_000_000);
    const el = countdown(1_000_000 + 3_600_000 + 2_000, 1_000_000 + 3_600_000);
    const stop = startCountdown(el);
    expect(text(el)).toBe('00:00:02');
    vi.advanceTimersByTime(1000);
    expect(text(el)).toBe('00:00:01');
    vi.advanceTimersByTime(5000);
    expect(text(el)).toBe('00:00:00');
    expect(vi.getTimerCount()).toBe(0);
    stop();
  });

  it('leaves a countdown without its times as rendered', () => {
    document.body.innerHTML = '<span data-countdown-end="soon"><b>01</b><b>02</b><b>03</b></span>';
    const el = document.querySelector<HTMLElement>('span')!;
    startCountdown(el);
    expect(text(el)).toBe('01:02:03');
  });
});
