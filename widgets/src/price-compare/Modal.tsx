import { type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { COMPARE_MODAL_CLOSE_MS } from '../generated/limits';
import { useT } from '../i18n';
import { useFocusTrap } from '../useFocusTrap';

/** A modal's phase: shown, playing its closing animation, or gone. */
export type ModalPhase = 'open' | 'closing' | 'closed';

/** A modal that closes with its animation (`COMPARE_MODAL_CLOSE_MS`) before it goes. */
export function useModal(closeMs: number = COMPARE_MODAL_CLOSE_MS) {
  const [phase, setPhase] = useState<ModalPhase>('closed');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const open = useCallback(() => {
    clearTimeout(timer.current);
    setPhase('open');
  }, []);
  const close = useCallback(() => {
    clearTimeout(timer.current);
    setPhase((p) => (p === 'closed' ? p : 'closing'));
    timer.current = setTimeout(() => setPhase('closed'), closeMs);
  }, [closeMs]);
  return { phase, isOpen: phase === 'open', open, close };
}

export interface ModalProps {
  phase: ModalPhase;
  onClose: () => void;
  title: string;
  testId: string;
  children: ReactNode;
  footer?: ReactNode;
  /** `wide` for the pickers. */
  size?: 'narrow' | 'wide';
}

/**
 * A dialog over the sidebar: its own mask, the focus kept inside (Tab cycles, Escape closes),
 * the X in its header, and the closing animation while `phase` is `closing`.
 */
export function Modal({ phase, onClose, title, testId, children, footer, size = 'wide' }: ModalProps) {
  const t = useT();
  const headingId = useId();
  const open = phase === 'open';
  const { ref, onKeyDown } = useFocusTrap<HTMLDivElement>({ open, onEscape: onClose });
  // The first field (or button) takes the focus when the modal shows.
  useLayoutEffect(() => {
    if (!open) return;
    const first = ref.current?.querySelector<HTMLElement>('input, button:not([disabled])');
    first?.focus();
  }, [open, ref]);
  if (phase === 'closed') return null;
  return (
    <div className={`pc-modal pc-modal--${size}${phase === 'closing' ? ' is-closing' : ''}`} data-phase={phase}>
      <div className="pc-modal__mask" onClick={onClose} />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        className="pc-modal__card"
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        <div className="pc-modal__head">
          <h3 id={headingId}>{title}</h3>
          <button type="button" className="pc-icon-button" aria-label={t('pc-modal-close')} onClick={onClose} data-testid={`${testId}-close`}>
            <CloseIcon />
          </button>
        </div>
        <div className="pc-modal__body">{children}</div>
        {footer && <div className="pc-modal__foot">{footer}</div>}
      </div>
    </div>
  );
}

export function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
