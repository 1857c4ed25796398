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
 * A countdown in the payment counter's style (`data-countdown-style="clock"`,
 * `payments::rules::format_countdown`): `MM:SS` under an hour, `H:MM:SS` from an hour on,
 * seconds rounded up, so `00:00` shows only when the time is really up.
 */
export function clockText(remainingMs: number): string {
  const secs = remainingMs <= 0 ? 0 : Math.ceil(remainingMs / 1000);
  const [h, m, s] = [Math.floor(secs / 3600), Math.floor((secs % 3600) / 60), secs % 60];
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/**
 * Ticks the countdown `el` (`data-countdown-end`, `data-countdown-now`: the end and the render
 * time, in ms; its three `<b>` digits, or its text in the `clock` style); `clientNow` is the visitor's clock when the page was rendered for them. Answers
 * the function that stops it.
 */
export function startCountdown(el: HTMLElement, clientNow: number = Date.now()): () => void {
  const end = Number(el.dataset.countdownEnd);
  const serverNow = Number(el.dataset.countdownNow);
  const clock = el.dataset.countdownStyle === 'clock';
  const digits = [...el.querySelectorAll('b')];
  if (!Number.isFinite(end) || !Number.isFinite(serverNow) || (!clock && digits.length !== 3)) return () => undefined;
  const offset = serverNow - clientNow;
  let timer: ReturnType<typeof setInterval> | undefined;
  /** Shows the time left; answers whether there is any. */
  const tick = () => {
    const now = Date.now() + offset;
    if (clock) {
      // Its island takes over once it runs: it drops the attributes and ticks the same text.
      if (!el.isConnected || !el.hasAttribute('data-countdown-end')) return false;
      const text = clockText(end - now);
      const node = el.firstChild;
      if (node instanceof Text && node === el.lastChild) {
        if (node.data !== text) node.data = text;
      } else if (el.textContent !== text) el.textContent = text;
      return now < end;
    }
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
