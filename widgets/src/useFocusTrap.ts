/**
 * The keyboard of a modal dialog, for any widget that shows one: while it is open, Tab and
 * Shift+Tab cycle through the dialog's focusable elements, Escape closes it (wherever the
 * focus is), the page behind does not scroll (optional), and on close the focus goes back to
 * the element that had it before the dialog opened.
 */
import { type KeyboardEvent, type RefObject, useLayoutEffect, useRef } from 'react';

/** What can take the focus with Tab (elements with a negative `tabIndex` are left out). */
export const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),[tabindex]';

/** The elements of `container` that Tab visits, in document order. */
export const tabbables = (container: HTMLElement): HTMLElement[] =>
  [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0);

export interface FocusTrapOptions {
  /** Whether the dialog is shown. */
  open: boolean;
  /** Called on Escape while open. */
  onEscape: () => void;
  /** Keep the page behind from scrolling while open. */
  lockScroll?: boolean;
}

export interface FocusTrap<T extends HTMLElement> {
  /** For the dialog element. */
  ref: RefObject<T | null>;
  /** For the dialog element's `onKeyDown`. */
  onKeyDown: (event: KeyboardEvent<T>) => void;
}

/**
 * Traps the focus in the dialog that gets `ref` and `onKeyDown`. The focus to give back is
 * noted in a layout effect, so move the focus into the dialog from a layout effect declared
 * after this call in the same component (not with `autoFocus` or a child's effect, which run
 * first).
 */
export function useFocusTrap<T extends HTMLElement = HTMLDivElement>({
  open,
  onEscape,
  lockScroll = false,
}: FocusTrapOptions): FocusTrap<T> {
  const ref = useRef<T>(null);
  const escapeRef = useRef(onEscape);
  const openRef = useRef(open);
  useLayoutEffect(() => {
    escapeRef.current = onEscape;
    openRef.current = open;
  });

  // While open: no page scrolling behind (if asked); the focus returns where it was on close.
  // (A layout effect, so it notes the focus before the focus moves into the dialog.)
  useLayoutEffect(() => {
    if (!open) return;
    const before = document.activeElement;
    const overflow = document.body.style.overflow;
    if (lockScroll) document.body.style.overflow = 'hidden';
    return () => {
      if (lockScroll) document.body.style.overflow = overflow;
      if (before instanceof HTMLElement) before.focus();
    };
  }, [open, lockScroll]);

  // Escape closes the dialog wherever the focus is. Listening from mount on (not from opening
  // on) leaves no moment in which the dialog shows but Escape is not heard.
  useLayoutEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && openRef.current) escapeRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onKeyDown = (event: KeyboardEvent<T>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onEscape();
      return;
    }
    const dialog = ref.current;
    if (event.key !== 'Tab' || !dialog) return;
    const items = tabbables(dialog);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return { ref, onKeyDown };
}
