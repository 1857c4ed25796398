/**
 * Countdowns that tick every second and stop at zero (spec section 4 "Countdown"):
 * hours:minutes:seconds, `00` parts once the time has passed. The server renders each one with
 * its digits at render time (`app/src/components/countdown.rs`); this runs as soon as the page
 * has loaded, so a page needs no wasm for its timers. The server's clock at render time is
 * the reference, so a visitor's wrong clock does not change what is shown.
 */

/** `[hours, minutes, seconds]` left until `endMs` at `nowMs`; all zero once past. */
export function remainingHms(endMs: number, nowMs: number): [number, number, number] {
  const secs = Math.floor(Math.max(0, endMs - nowMs) / 1000);
  return [Math.floor(secs / 3600), Math.floor((secs % 3600) / 60), secs % 60];
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Ticks the countdown `el` (`data-countdown-end`, `data-countdown-now`: the end and the render
 * time, in ms); `clientNow` is the visitor's clock when the page was rendered for them. Answers
 * the function that stops it.
 */
export function startCountdown(el: HTMLElement, clientNow: number = Date.now()): () => void {
  const end = Number(el.dataset.countdownEnd);
  const serverNow = Number(el.dataset.countdownNow);
  const digits = [...el.querySelectorAll('b')];
  if (!Number.isFinite(end) || !Number.isFinite(serverNow) || digits.length !== 3) return () => undefined;
  const offset = serverNow - clientNow;
  let timer: ReturnType<typeof setInterval> | undefined;
  /** Shows the time left; answers whether there is any. */
  const tick = () => {
    const now = Date.now() + offset;
    remainingHms(end, now).forEach((part, i) => {
      const text = two(part);
      const digit = digits[i];
      if (digit && digit.textContent !== text) digit.textContent = text;
    });
    return now < end;
  };
  if (tick()) {
    timer = setInterval(() => {
      if (!tick()) clearInterval(timer);
    }, 1000);
  }
  return () => clearInterval(timer);
}

/** Starts every countdown of the page. */
export function startCountdowns(root: ParentNode = document): void {
  const clientNow = Date.now();
  for (const el of root.querySelectorAll<HTMLElement>('[data-countdown-end]')) startCountdown(el, clientNow);
}
