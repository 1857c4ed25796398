/**
 * Two small behaviours of plain forms (record 0187), installed by the frame (`./frame.ts`) on
 * every page, so a form needs no island for them:
 * - a hidden input that follows an image-upload widget (`data-images-of="<the widget's field>"`)
 *   holds the paths that widget reports with `mall:images-changed`, joined by commas (one path
 *   for a widget of one picture; none when it was removed). Without script the input keeps the
 *   value the server rendered, and the widget cannot run anyway;
 * - a field that must not be empty or only spaces (`data-empty-message`, the message in the
 *   buyer's language) is checked when it loses focus holding only spaces, and when its form is
 *   sent: such a form is not sent, the message shows in the element named by `data-error-in`
 *   and the field is focused. Typing clears the message, also one the server's page showed.
 *   Without script the server checks and answers with the same message.
 */
import { on } from './events';

/** The hidden inputs following the widget of `field`. */
function followers(field: string, root: ParentNode): HTMLInputElement[] {
  return [...root.querySelectorAll<HTMLInputElement>('input[data-images-of]')].filter(
    (input) => input.dataset.imagesOf === field,
  );
}

/** Keeps every `data-images-of` input at its widget's paths; returns the function that stops. */
export function watchImageFields(root: ParentNode = document): () => void {
  return on('mall:images-changed', (detail) => {
    if (!detail || typeof detail.field !== 'string' || !Array.isArray(detail.paths)) return;
    const paths = detail.paths.filter((path): path is string => typeof path === 'string' && path !== '');
    followers(detail.field, root).forEach((input) => {
      input.value = paths.join(',');
    });
  });
}

/** The element showing `field`'s message (`data-error-in`: its id). */
function messageOf(field: HTMLElement): HTMLElement | null {
  const id = field.dataset.errorIn;
  return id ? document.getElementById(id) : null;
}

/** Shows `text` as `field`'s message, or hides the message when `text` is `null`. */
export function showFieldMessage(field: HTMLInputElement, text: string | null): void {
  const message = messageOf(field);
  if (message) {
    message.textContent = text ?? '';
    message.hidden = text === null;
  }
  if (text === null) field.removeAttribute('aria-invalid');
  else field.setAttribute('aria-invalid', 'true');
}

/** Whether `el` is a field checked for emptiness. */
const isChecked = (el: unknown): el is HTMLInputElement =>
  el instanceof HTMLInputElement && el.dataset.emptyMessage !== undefined;

/** A field that loses focus holding only spaces shows its message (an untouched empty one not yet). */
export function onFieldBlur(event: FocusEvent): void {
  const field = event.target;
  if (isChecked(field) && field.value !== '' && field.value.trim() === '') {
    showFieldMessage(field, field.dataset.emptyMessage ?? '');
  }
}

/** Typing in a checked field clears its message. */
export function onFieldInput(event: Event): void {
  const field = event.target;
  if (isChecked(field) && field.getAttribute('aria-invalid') === 'true') showFieldMessage(field, null);
}

/** A form with an empty checked field is not sent: its first such field shows why and is focused. */
export function onFieldCheck(event: SubmitEvent): void {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
  const empty = [...form.querySelectorAll('input[data-empty-message]')]
    .filter(isChecked)
    .filter((field) => field.value.trim() === '');
  if (empty.length === 0) return;
  event.preventDefault();
  empty.forEach((field) => showFieldMessage(field, field.dataset.emptyMessage ?? ''));
  empty[0]?.focus();
}

/** Installs both behaviours; returns the function that removes them. */
export function installFormFields(): () => void {
  const stopImages = watchImageFields();
  // Before the frame's other submit listeners (`onConfirmSubmit` would ask, then send nothing).
  document.addEventListener('submit', onFieldCheck, true);
  document.addEventListener('focusout', onFieldBlur);
  document.addEventListener('input', onFieldInput);
  return () => {
    stopImages();
    document.removeEventListener('submit', onFieldCheck, true);
    document.removeEventListener('focusout', onFieldBlur);
    document.removeEventListener('input', onFieldInput);
  };
}
