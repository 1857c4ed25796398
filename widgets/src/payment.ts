/**
 * The checkout counter's first state, rendered by the server without its island
 * (`data-pay-counter`, record 0191). Every form works without script: Pay Now posts, the
 * balance's answer is the counter asking for the payment password (or to set one first) in an
 * open `<dialog>`, and a refusal comes back under its field. This runs as soon as the page has
 * loaded and makes the same markup behave as a dialog should:
 * - the dialog the server rendered open (`data-pay-dialog`) becomes modal, its first field
 *   focused; Escape or Cancel (`data-dialog-close`) closes it and gives the focus back to Pay
 *   Now, which opens it again while the balance (`data-asks-password`) is chosen;
 * - a password field (`data-digits`) keeps the digits typed, and a form is checked before it is
 *   sent: six digits (`data-invalid-message`), typed twice the same
 *   (`data-mismatch-message`); the message shows under the field, nothing is sent;
 * - orders paid (`data-go-after`) open the order's page after the pause the text announces.
 * The frame's script marks each form as sent (`data-busy-label`, `./frame.ts`).
 */
import { safeRedirect } from './redirect';

/** The digits of `typed`, at most six (the "num" rule of the payment password). */
export function digitsOnly(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, 6);
}

/** The message for a payment password form's fields, or `null` when it may be sent. */
export function passwordProblem(form: HTMLFormElement): string | null {
  const fields = Array.from(form.querySelectorAll<HTMLInputElement>('input[data-digits]'));
  if (fields.some((field) => !/^\d{6}$/.test(field.value))) return form.dataset.invalidMessage ?? '';
  const [first, again] = fields;
  if (first && again && first.value !== again.value) return form.dataset.mismatchMessage ?? '';
  return null;
}

/** Shows `message` under the dialog's fields (`null`: clears it). */
function showProblem(form: HTMLFormElement, message: string | null): void {
  const error = form.querySelector<HTMLElement>('#pay-dialog-error');
  if (error) error.textContent = message ?? '';
  form.querySelectorAll<HTMLInputElement>('input[data-digits]').forEach((field) => {
    if (message === null) field.removeAttribute('aria-invalid');
    else field.setAttribute('aria-invalid', 'true');
  });
}

/** Opens `dialog` as a modal and focuses its first field. */
export function openModal(dialog: HTMLDialogElement): void {
  if (dialog.open) dialog.close();
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
  dialog.querySelector<HTMLElement>('[autofocus], input:not([type=hidden])')?.focus();
}

/** Makes the counter of `root` behave as described above. */
export function enhanceCounter(root: Document = document): void {
  const counter = root.querySelector<HTMLElement>('[data-pay-counter]');
  if (!counter) return;
  const dialog = counter.querySelector<HTMLDialogElement>('dialog[data-pay-dialog]');
  const payButton = counter.querySelector<HTMLButtonElement>('#payment-pay');
  const methods = counter.querySelector<HTMLFormElement>('form.payment-methods');

  if (dialog) {
    if (dialog.hasAttribute('open')) openModal(dialog);
    dialog.addEventListener('close', () => payButton?.focus());
    dialog.addEventListener('cancel', (event) => {
      // Not while its form is on its way.
      if (dialog.querySelector('form[data-sending]')) event.preventDefault();
    });
    dialog.querySelectorAll<HTMLElement>('[data-dialog-close]').forEach((close) => {
      close.addEventListener('click', (event) => {
        event.preventDefault();
        dialog.close();
      });
    });
    dialog.querySelectorAll<HTMLFormElement>('form').forEach((form) => {
      form.addEventListener('submit', (event) => {
        const problem = passwordProblem(form);
        showProblem(form, problem);
        if (problem !== null) event.preventDefault();
      });
    });
  }
  counter.querySelectorAll<HTMLInputElement>('input[data-digits]').forEach((field) => {
    field.addEventListener('input', () => {
      const digits = digitsOnly(field.value);
      if (digits !== field.value) field.value = digits;
      if (field.form) showProblem(field.form, null);
    });
  });
  methods?.addEventListener('submit', (event) => {
    const chosen = Array.from(methods.querySelectorAll<HTMLInputElement>('input[name=payType]')).find((radio) => radio.checked);
    if (dialog && chosen?.dataset.asksPassword !== undefined) {
      event.preventDefault();
      openModal(dialog);
    }
  });
  const paid = counter.querySelector<HTMLElement>('[data-go-after]');
  const to = safeRedirect(paid?.dataset.goAfter);
  if (to) {
    window.setTimeout(() => window.location.assign(to), Number(paid?.dataset.goAfterMs ?? 3000));
  }
}
