/**
 * The buyer's session as the page shows it. A signed-in page marks the buyer's parts of the
 * header `data-signed-in` (the nickname with its menu, the Messages link) and carries the
 * guest's links hidden, marked `data-signed-out`. When the session ends while the page is
 * open (an A00004 answer: `mall:logged-out`), the profile is cleared from the page too
 * (spec section 6): the buyer's parts hide and the guest's links show.
 */
import { on } from './events';

/** Shows the guest's links instead of the buyer's parts in `root`. */
export function showSignedOut(root: ParentNode = document): void {
  root.querySelectorAll<HTMLElement>('[data-signed-in]').forEach((el) => {
    el.hidden = true;
  });
  root.querySelectorAll<HTMLElement>('[data-signed-out]').forEach((el) => {
    el.hidden = false;
  });
}

/** Turns the page to the guest's on `mall:logged-out`; returns the function that stops. */
export function watchSession(): () => void {
  return on('mall:logged-out', () => showSignedOut());
}
