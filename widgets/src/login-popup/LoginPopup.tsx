import { useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../i18n';
import type { WidgetProps } from '../types';
import { useFocusTrap } from '../useFocusTrap';
import { SetPassword } from './SetPassword';
import { SignInStep } from './SignInStep';
import { SocialButtons } from './SocialButtons';
import { Terms } from './Terms';
import { useLoginFlow } from './useLoginFlow';
import * as v from './validation';
import './login-popup.css';

export type LoginPopupProps = WidgetProps<'login-popup'> & {
  /** The detail of the `mall:open-login` event that loaded the widget: open at once. */
  initialEvent?: unknown;
};

/** The login popup of spec section 2: password or one-time-code login by email or phone. */
export function LoginPopup({ initialEvent }: LoginPopupProps) {
  const t = useT();
  const flow = useLoginFlow(initialEvent);
  const { open, mode, step, values, errors, tip } = flow;
  // Before the focus moves into the popup, so that it notes where the focus was.
  const { ref: dialogRef, onKeyDown: onDialogKeyDown } = useFocusTrap<HTMLDivElement>({ open, onEscape: flow.close, lockScroll: true });
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const tipId = useId();

  // The first field of each step gets the focus before the popup is painted, so the first
  // key pressed after it appears lands in it.
  useLayoutEffect(() => {
    if (open) firstFieldRef.current?.focus();
  }, [open, step]);

  if (!open) return null;

  const setPasswordStep = step === 'set-password';

  return createPortal(
    <div className="mall-login">
      <div className="mall-login__mask" data-testid="login-mask" onClick={flow.close} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        className="mall-login__card"
        data-testid="login-popup"
        onKeyDown={onDialogKeyDown}
      >
        <div className="mall-login__header">
          {setPasswordStep ? (
            <button
              type="button"
              className="mall-login__icon"
              aria-label={t('login-back')}
              data-testid="login-back-arrow"
              onClick={flow.back}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
          ) : (
            <span />
          )}
          <h2 id={headingId} className="mall-login__title">
            {setPasswordStep ? t('login-heading-set-password') : t('login-heading-welcome')}
          </h2>
          <button type="button" className="mall-login__icon" aria-label={t('login-close')} data-testid="login-close" onClick={flow.close}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>

        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            flow.submit();
          }}
          onKeyDown={(event) => {
            // Enter in any field submits, even while the button is disabled (to show why).
            if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
              event.preventDefault();
              flow.submit();
            }
          }}
        >
          {setPasswordStep ? (
            <SetPassword flow={flow} firstFieldRef={firstFieldRef} />
          ) : (
            <SignInStep flow={flow} firstFieldRef={firstFieldRef} />
          )}

          <Terms agreed={values.agreed} error={errors.terms} onChange={(agreed) => flow.setField('agreed', agreed)} />

          {mode === 'code' && flow.isNew && !setPasswordStep ? (
            <button
              type="submit"
              className="mall-login__primary"
              data-testid="login-set-password"
              disabled={flow.loading || !v.canSetPassword(values.code)}
            >
              {t(v.setPasswordLabel(values.code))}
            </button>
          ) : (
            <>
              <button
                type="submit"
                className="mall-login__primary"
                data-testid="login-submit"
                disabled={flow.signInDisabled}
                title={tip ? t(tip) : undefined}
                aria-describedby={tip ? tipId : undefined}
              >
                {flow.loading ? t('login-signing-in') : t('login-sign-in')}
              </button>
              {tip && (
                <p id={tipId} className="mall-login__hint">
                  {t(tip)}
                </p>
              )}
            </>
          )}
          {setPasswordStep ? (
            <button type="button" className="mall-login__secondary" data-testid="login-back" onClick={flow.back}>
              {t('login-back')}
            </button>
          ) : (
            <SocialButtons busy={flow.socialBusy} onSocial={(type) => void flow.socialLogin(type)} />
          )}
        </form>
      </div>
    </div>,
    document.body,
  );
}
