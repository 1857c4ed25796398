/**
 * The order confirmation rendered by the server without its island (`data-checkout-plain`,
 * record 0192). Every choice is a field of the Submit Order form, and its Update button asks the
 * server for the confirmation of the choices again; without script the buyer presses it. This
 * runs as soon as the page has loaded and:
 * - keeps what the page buys in `sessionStorage` (`data-entry-key`, `data-entry`), as spec
 *   section 1 hands it over, and lets it go once the order is submitted;
 * - presses Update as a choice (`data-checkout-choice`) changes, and hides the button; the
 *   changed field has the focus again on the new page;
 * - counts each message's characters as they are typed (`data-count-in`).
 * The frame's script marks the form as sent (`data-busy-label`, `./frame.ts`).
 */

/** Where the changed choice is remembered across the new page. */
export const FOCUS_KEY = 'mall.checkout.focus';

/** The choice to focus again: its name and its place among the page's choices. */
interface Remembered {
  name: string;
  index: number;
}

function choices(root: ParentNode): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>('[data-checkout-choice]'));
}

function nameOf(field: HTMLElement): string {
  return field.getAttribute('name') ?? '';
}

/** Focuses the choice remembered before the page was asked for again, once. */
export function restoreFocus(root: ParentNode, storage: Storage = sessionStorage): void {
  const raw = storage.getItem(FOCUS_KEY);
  if (raw === null) return;
  storage.removeItem(FOCUS_KEY);
  let remembered: Remembered;
  try {
    remembered = JSON.parse(raw) as Remembered;
  } catch {
    return;
  }
  const all = choices(root);
  const same = all.filter((field) => nameOf(field) === remembered.name);
  // A radio group is entered at its chosen radio.
  const radio = same.find((field) => field instanceof HTMLInputElement && field.type === 'radio' && field.checked);
  const atPlace = all[remembered.index];
  const field = radio ?? (atPlace && nameOf(atPlace) === remembered.name ? atPlace : same[0]);
  field?.focus();
}

/** Makes the plain confirmation of `root` behave as described above. */
export function enhanceCheckout(root: Document = document, storage: Storage = sessionStorage): void {
  const frame = root.querySelector<HTMLElement>('[data-checkout-plain]');
  if (!frame) return;
  const { entryKey, entry } = frame.dataset;
  if (entryKey && entry) storage.setItem(entryKey, entry);

  const update = root.querySelector<HTMLButtonElement>('[data-checkout-update]');
  const form = update?.form;
  if (update && form) {
    update.hidden = true;
    choices(root).forEach((field, index) => {
      field.addEventListener('change', () => {
        storage.setItem(FOCUS_KEY, JSON.stringify({ name: nameOf(field), index } satisfies Remembered));
        form.requestSubmit(update);
      });
    });
    form.addEventListener('submit', (event) => {
      if (!event.defaultPrevented && event.submitter !== update && entryKey) storage.removeItem(entryKey);
    });
  }
  restoreFocus(root, storage);

  root.querySelectorAll<HTMLTextAreaElement>('textarea[data-count-in]').forEach((area) => {
    const count = root.getElementById(area.dataset.countIn ?? '');
    area.addEventListener('input', () => {
      if (count) count.textContent = `${Array.from(area.value).length}/${area.maxLength}`;
    });
  });
}
