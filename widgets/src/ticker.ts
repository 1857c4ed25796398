/**
 * The header's notice ticker (spec section 4): one notice at a time, the next every
 * {@link STEP_MS}, waiting while it is pointed at or focused or the tab is hidden, and standing
 * still for a visitor who asks for reduced motion. A timer moves it, not an endless CSS
 * animation: an animation has the browser composite every frame of every open tab (about a
 * twentieth of a core each), a timer wakes it once per notice. The server renders every notice
 * with the first one shown (`app/src/frame/header.rs`), so without JavaScript the first notice
 * stays and all of them are on the notices page.
 */

/** How long each notice shows. */
export const STEP_MS = 3000;

/** The notice after `index` among `count`, back to the first after the last. */
export function nextNotice(index: number, count: number): number {
  return count <= 0 ? 0 : (index + 1) % count;
}

/** Makes the server-rendered ticker `root` move; answers the function that stops it. */
export function enhanceTicker(root: HTMLElement, reduceMotion: boolean): () => void {
  const list = root.querySelector<HTMLElement>('.notice-ticker__list');
  const count = list?.querySelectorAll('.notice-ticker__item').length ?? 0;
  if (!list || count < 2 || reduceMotion) return () => undefined;
  let index = 0;
  let pointedAt = false;
  root.addEventListener('mouseenter', () => (pointedAt = true));
  root.addEventListener('mouseleave', () => (pointedAt = false));
  const timer = setInterval(() => {
    if (document.hidden || pointedAt || root.contains(document.activeElement)) return;
    index = nextNotice(index, count);
    // Back to the first notice at once rather than scrolling up through all of them.
    list.classList.toggle('notice-ticker__list--wrapping', index === 0);
    // A percentage of the list's own height: no layout is read.
    list.style.transform = `translateY(-${(index * 100) / count}%)`;
  }, STEP_MS);
  return () => clearInterval(timer);
}

/** Every ticker on the page. */
export function enhanceTickers(root: ParentNode = document): void {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  for (const ticker of root.querySelectorAll<HTMLElement>('.notice-ticker')) enhanceTicker(ticker, reduceMotion);
}
