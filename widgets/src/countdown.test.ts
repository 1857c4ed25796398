import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockText, remainingHms, startCountdown } from './countdown';

const cases = JSON.parse(
  readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../api/tests/countdown_cases.json'), 'utf8'),
) as { hms: { endMs: number; nowMs: number; hms: number[] }[]; clock: { remainingMs: number; text: string }[] };

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
  it('agrees with the Rust digits on every shared case', () => {
    expect(cases.hms.length).toBeGreaterThanOrEqual(10);
    for (const c of cases.hms) expect([c, remainingHms(c.endMs, c.nowMs)]).toEqual([c, c.hms]);
    expect(cases.clock.length).toBeGreaterThanOrEqual(10);
    for (const c of cases.clock) expect([c, clockText(c.remainingMs)]).toEqual([c, c.text]);
  });

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

describe("the payment counter's deadline (the clock style)", () => {
  function deadline(endMs: number, serverNowMs: number): HTMLElement {
    const el = document.createElement('span');
    el.dataset.countdownEnd = String(endMs);
    el.dataset.countdownNow = String(serverNowMs);
    el.dataset.countdownStyle = 'clock';
    el.textContent = clockText(endMs - serverNowMs);
    document.body.replaceChildren(el);
    return el;
  }

  it('reads minutes and seconds, hours from an hour on, seconds rounded up', () => {
    expect(clockText(29 * 60_000 + 59_001)).toBe('30:00');
    expect(clockText(61_000)).toBe('01:01');
    expect(clockText(3_600_000)).toBe('1:00:00');
    expect(clockText(3_723_000)).toBe('1:02:03');
    expect(clockText(1)).toBe('00:01');
    expect(clockText(0)).toBe('00:00');
    expect(clockText(-5000)).toBe('00:00');
  });

  it("ticks its text by the server's clock and stops once its island drops the attributes", () => {
    vi.useFakeTimers();
    vi.setSystemTime(5_000);
    const el = deadline(1_000_000 + 90_000, 1_000_000);
    const node = el.firstChild;
    startCountdown(el);
    expect(el.textContent).toBe('01:30');
    vi.advanceTimersByTime(1000);
    expect(el.textContent).toBe('01:29');
    // The text node the island hydrates is the one updated.
    expect(el.firstChild).toBe(node);
    el.removeAttribute('data-countdown-end');
    el.removeAttribute('data-countdown-now');
    el.firstChild!.textContent = '01:28';
    vi.advanceTimersByTime(1000);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(el.textContent).toBe('01:28');
  });

  it('stops at 00:00', () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    const el = deadline(2_000, 0);
    startCountdown(el);
    vi.advanceTimersByTime(3000);
    expect(el.textContent).toBe('00:00');
    expect(vi.getTimerCount()).toBe(0);
  });
});
