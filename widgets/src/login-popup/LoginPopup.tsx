import {
  Fragment,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { ApiError, request } from '../api';
import { emit, on } from '../events';
import { SOCIAL_TYPE } from '../generated/codes';
import { LOGIN, MAIL_LOGIN, MOBILE_LOGIN, SMS_SEND_LOGIN_CODE, USER_CHECK_USER, USER_SIGNUP } from '../generated/paths';
import type { CheckUserQuery, LoginRequest, SendCodeRequest, SignupRequest, TokenData } from '../generated/types';
import { useT } from '../i18n';
import { safeRedirect } from '../redirect';
import type { WidgetProps } from '../types';
import { type SocialType, startSocialLogin } from './social';
import * as v from './validation';
import './login-popup.css';

export interface LoginPopupProps extends WidgetProps {
  /** The detail of the `mall:open-login` event that loaded the widget: open at once. */
  initialEvent?: unknown;
}

const EMPTY: v.LoginValues = {
  identifier: '',
  dialCode: v.DEFAULT_DIAL_CODE,
  password: '',
  code: '',
  newPassword: '',
  confirmPassword: '',
  agreed: false,
};


const redirectOf = (detail: unknown): string | undefined =>
  detail && typeof detail === 'object' ? safeRedirect((detail as { redirect?: unknown }).redirect) : undefined;

/** The tab an open event asks for: `{ mode: 'code' }` opens OTP Login (used by /register). */
const modeOf = (detail: unknown): v.Mode | undefined =>
  detail && typeof detail === 'object' && (detail as { mode?: unknown }).mode === 'code' ? 'code' : undefined;

/** `Exit` of a /user/checkUser answer (data of a success or of an error). */
function exitOf(data: unknown): number | undefined {
  if (!data || typeof data !== 'object' || !('Exit' in data)) return undefined;
  const exit = Number((data as { Exit: unknown }).Exit);
  return Number.isNaN(exit) ? undefined : exit;
}

/** Where to go once signed in: / from /register, the redirect if any, else the same page. */
function afterSignIn(asked: string | undefined): void {
  const { pathname, search } = window.location;
  // The sign-in pages themselves are never a destination (the header's login link names /login).
  const redirect = asked && /^\/(login|register)(\?|$)/.test(asked) ? undefined : asked;
  if (pathname === '/register') window.location.assign('/');
  else if (pathname === '/login') {
    window.location.assign(redirect ?? safeRedirect(new URLSearchParams(search).get('redirect')) ?? '/');
  } else if (redirect) window.location.assign(redirect);
  else window.location.reload();
}

const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),[tabindex]';

/** The login popup of spec section 2: password or one-time-code login by email or phone. */
export function LoginPopup({ initialEvent }: LoginPopupProps) {
  const t = useT();
  const [open, setOpen] = useState(initialEvent !== undefined);
  const [redirect, setRedirect] = useState(() => redirectOf(initialEvent));
  const [mode, setMode] = useState<v.Mode>(() => modeOf(initialEvent) ?? 'password');
  const [channel, setChannel] = useState<v.Channel>('email');
  const [step, setStep] = useState<v.Step>('identify');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<v.Errors>({});
  const [isNew, setIsNew] = useState(false);
  const [countdown, setCountdown] = useState(0);
  const [loading, setLoading] = useState(false);
  /** A social sign-in is on its way to the provider. */
  const [socialBusy, setSocialBusy] = useState(false);
  const lastSubmit = useRef(0);
  /** The identifier the last account check was made for. */
  const checkedFor = useRef('');
  const dialogRef = useRef<HTMLDivElement>(null);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const headingId = useId();

  useEffect(
    () =>
      on('mall:open-login', (detail) => {
        setRedirect(redirectOf(detail));
        const asked = modeOf(detail);
        if (asked) setMode(asked);
        setOpen(true);
      }),
    [],
  );

  // While open: no page scrolling behind; focus returns where it was on close. (A layout
  // effect, so it notes the focus before the focus moves into the popup.)
  useLayoutEffect(() => {
    if (!open) return;
    const before = document.activeElement;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (before instanceof HTMLElement) before.focus();
    };
  }, [open]);

  // The first field of each step gets the focus before the popup is painted, so the first
  // key pressed after it appears lands in it.
  useLayoutEffect(() => {
    if (open) firstFieldRef.current?.focus();
  }, [open, step]);

  // Escape closes the popup wherever the focus is. Listening from mount on (not from opening
  // on) leaves no moment in which the popup shows but Escape is not heard.
  const closeRef = useRef<() => void>(() => {});
  const openRef = useRef(open);
  useLayoutEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && openRef.current) closeRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  /** Clears everything entered; on a tab switch (`keepChoices`) the terms tick and dial code stay. */
  const clearEntries = (keepChoices: boolean) => {
    setValues((prev) => (keepChoices ? { ...EMPTY, dialCode: prev.dialCode, agreed: prev.agreed } : EMPTY));
    setErrors({});
    setStep('identify');
    setIsNew(false);
    setCountdown(0);
    checkedFor.current = '';
  };

  const close = () => {
    setOpen(false);
    clearEntries(false);
    setMode('password');
    setChannel('email');
    setLoading(false);
    if (window.location.pathname.startsWith('/user-center')) window.location.assign('/');
  };
  useLayoutEffect(() => {
    closeRef.current = close;
    openRef.current = open;
  });

  const switchMode = (next: v.Mode) => {
    if (next === mode) return;
    setMode(next);
    clearEntries(true);
  };

  const switchChannel = (next: v.Channel) => {
    if (next === channel) return;
    setChannel(next);
    clearEntries(true);
  };

  const setError = (field: v.Field, error: v.ErrorId | undefined) =>
    setErrors((prev) => {
      if (prev[field] === error) return prev;
      const next = { ...prev };
      if (error) next[field] = error;
      else delete next[field];
      return next;
    });

  const setField = <K extends keyof v.LoginValues>(field: K, value: v.LoginValues[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    if (field === 'identifier') {
      setIsNew(false);
      checkedFor.current = '';
      // In code-by-phone mode, the error goes only once the number has 8 to 12 digits.
      if (channel === 'phone' && mode === 'code' && !v.clearsPhoneError(String(value))) return;
    }
    const errorField: v.Field = field === 'agreed' ? 'terms' : field === 'dialCode' ? 'identifier' : field;
    setError(errorField, undefined);
  };

  /** Code mode: asks whether the account exists; `Exit` 0 means it is new. */
  const checkUser = async () => {
    const input = v.apiIdentifier(channel, values);
    if (checkedFor.current === input) return;
    checkedFor.current = input;
    let data: unknown;
    try {
      const query: CheckUserQuery = { input };
      data = await request('POST', USER_CHECK_USER, { query, handleError: true, silentAuth: true });
    } catch (err) {
      if (!(err instanceof ApiError)) {
        checkedFor.current = '';
        return;
      }
      data = err.data;
    }
    if (checkedFor.current === input) setIsNew(exitOf(data) === 0);
  };

  const onIdentifierBlur = () => {
    if (values.identifier.trim() === '') return;
    const error = v.identifierError(channel, values);
    setError('identifier', error);
    if (!error && mode === 'code') void checkUser();
  };

  const sendCode = async () => {
    if (countdown > 0) return;
    const found = v.validateSendCode(channel, values);
    if (Object.keys(found).length > 0) {
      setErrors((prev) => ({ ...prev, ...found }));
      return;
    }
    void checkUser();
    const id = v.apiIdentifier(channel, values);
    setCountdown(v.SEND_CODE_COOLDOWN_S);
    try {
      const form: SendCodeRequest = channel === 'email' ? { mail: id } : { mobile: id };
      await request('POST', SMS_SEND_LOGIN_CODE, { form });
      emit('mall:toast', { type: 'success', message: t('login-code-sent') });
    } catch {
      // The API client has shown the error, if any; another code may be requested at once.
      setCountdown(0);
    }
  };

  const signIn = async (call: () => Promise<TokenData | null | undefined>) => {
    setLoading(true);
    try {
      const data = await call();
      if (data?.accessToken) {
        emit('mall:logged-in', {});
        afterSignIn(redirect);
        return; // stays "Signing In..." while the page changes
      }
    } catch {
      // Shown by the API client (toast, login page) or swallowed (network).
    }
    setLoading(false);
  };

  const submit = () => {
    const now = Date.now();
    if (loading || now - lastSubmit.current < v.SUBMIT_DEBOUNCE_MS) return;
    lastSubmit.current = now;
    const valid = (found: v.Errors) => {
      setErrors(found);
      return Object.keys(found).length === 0;
    };
    const id = v.apiIdentifier(channel, values);

    if (mode === 'password') {
      if (!valid(v.validatePasswordLogin(channel, values))) return;
      const body: LoginRequest = { userName: id, passWord: values.password };
      void signIn(() => request<TokenData>('POST', LOGIN, { body }));
      return;
    }
    if (step === 'identify') {
      if (!valid(v.validateOtp(channel, values))) return;
      if (isNew) {
        setStep('set-password');
        return;
      }
      const path = channel === 'email' ? MAIL_LOGIN : MOBILE_LOGIN;
      const body: LoginRequest = { userName: id, passWord: values.code.trim() };
      void signIn(() => request<TokenData>('POST', path, { body }));
      return;
    }
    if (!valid(v.validateSetPassword(channel, values)) || v.newPasswordTip(values.newPassword)) return;
    void signIn(async () => {
      const validCode = values.code.trim();
      const password = values.newPassword;
      const body: SignupRequest =
        channel === 'email' ? { mail: id, validCode, password } : { mobile: id, validCode, password };
      // The answer of a sign-up is not named by the spec: a token is used when one comes back.
      const signup = await request<Partial<TokenData> | null>('POST', USER_SIGNUP, { body });
      // Signed up; the code is used, so sign in with the new password unless a token came back.
      if (signup?.accessToken) return { accessToken: signup.accessToken };
      const login: LoginRequest = { userName: id, passWord: password };
      return request<TokenData>('POST', LOGIN, { body: login });
    });
  };

  /** Google or Facebook: the terms must be ticked first, as for every other way in. */
  const socialLogin = async (type: SocialType) => {
    if (socialBusy) return;
    if (!values.agreed) {
      setError('terms', 'error-terms');
      return;
    }
    setSocialBusy(true);
    try {
      await startSocialLogin(type, redirect);
      return; // stays busy while the page changes
    } catch {
      // Shown by the API client (toast) or swallowed (network).
    }
    setSocialBusy(false);
  };

  const back = () => {
    setStep('identify');
    setValues((prev) => ({ ...prev, newPassword: '', confirmPassword: '' }));
    setErrors({});
  };

  const onDialogKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || !dialogRef.current.contains(document.activeElement))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  if (!open) return null;

  const err = (field: v.Field) => (errors[field] ? t(errors[field]) : undefined);
  const clear = t('login-clear');
  const setPasswordStep = step === 'set-password';
  const tip = setPasswordStep ? v.newPasswordTip(values.newPassword) : undefined;
  const signInDisabled = loading || Object.keys(errors).length > 0 || tip !== undefined;
  const marks = { terms: '\u0000terms\u0000', privacy: '\u0000privacy\u0000' };
  const links: Record<string, ReactNode> = {
    terms: (
      <a href="/terms-page?sts=1" target="_blank" rel="noopener" data-testid="login-terms-link">
        {t('login-terms-of-service')}
      </a>
    ),
    privacy: (
      <a href="/terms-page?sts=2" target="_blank" rel="noopener" data-testid="login-privacy-link">
        {t('login-privacy-policy')}
      </a>
    ),
  };
  const termsText = t('login-terms', marks)
    .split('\u0000')
    .map((part, i) => <Fragment key={i}>{i % 2 === 1 ? links[part] : part}</Fragment>);

  const identifierField =
    channel === 'email' ? (
      <Field
        inputRef={firstFieldRef}
        testId="login-identifier"
        type="email"
        autoComplete="email"
        placeholder={t('login-email-placeholder')}
        aria-label={t('login-email-placeholder')}
        value={values.identifier}
        error={err('identifier')}
        clearLabel={clear}
        onValue={(value) => setField('identifier', value)}
        onBlur={onIdentifierBlur}
      />
    ) : (
      <Field
        inputRef={firstFieldRef}
        testId="login-identifier"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={v.phoneMaxLength(values.dialCode)}
        placeholder={t('login-phone-placeholder')}
        aria-label={t('login-phone-placeholder')}
        value={values.identifier}
        error={err('identifier')}
        clearLabel={clear}
        onValue={(value) => setField('identifier', v.sanitizeLocalPhone(value, values.dialCode))}
        onBlur={onIdentifierBlur}
        prefix={
          <select
            className="mall-login__dial"
            data-testid="login-dial-code"
            aria-label={t('login-dial-code')}
            value={values.dialCode}
            onChange={(event) => {
              const dialCode = event.target.value;
              setValues((prev) => ({ ...prev, dialCode, identifier: v.sanitizeLocalPhone(prev.identifier, dialCode) }));
              setIsNew(false);
              checkedFor.current = '';
              setError('identifier', undefined);
            }}
          >
            {v.DIAL_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        }
      />
    );

  const tabs = (
    <>
      <div role="tablist" className="mall-login__tabs">
        {(['password', 'code'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            className="mall-login__tab"
            aria-selected={mode === m}
            data-testid={m === 'password' ? 'login-tab-account' : 'login-tab-otp'}
            onClick={() => switchMode(m)}
          >
            {t(m === 'password' ? 'login-tab-account' : 'login-tab-otp')}
          </button>
        ))}
      </div>
      <div role="tablist" className="mall-login__subtabs">
        {(['email', 'phone'] as const).map((c) => (
          <button
            key={c}
            type="button"
            role="tab"
            className="mall-login__subtab"
            aria-selected={channel === c}
            data-testid={`login-subtab-${c}`}
            onClick={() => switchChannel(c)}
          >
            {t(`login-subtab-${c}`)}
          </button>
        ))}
      </div>
    </>
  );

  const signInButton = (
    <>
      <button
        type="submit"
        className="mall-login__primary"
        data-testid="login-submit"
        disabled={signInDisabled}
        title={tip ? t(tip) : undefined}
        aria-describedby={tip ? `${headingId}-tip` : undefined}
      >
        {loading ? t('login-signing-in') : t('login-sign-in')}
      </button>
      {tip && (
        <p id={`${headingId}-tip`} className="mall-login__hint">
          {t(tip)}
        </p>
      )}
    </>
  );

  return createPortal(
    <div className="mall-login">
      <div className="mall-login__mask" data-testid="login-mask" onClick={close} />
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
              onClick={back}
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
          <button type="button" className="mall-login__icon" aria-label={t('login-close')} data-testid="login-close" onClick={close}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>

        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          onKeyDown={(event) => {
            // Enter in any field submits, even while the button is disabled (to show why).
            if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
              event.preventDefault();
              submit();
            }
          }}
        >
          {!setPasswordStep ? (
            <>
              {tabs}
              {identifierField}
              {mode === 'password' ? (
                <Field
                  testId="login-password"
                  type="password"
                  autoComplete="current-password"
                  placeholder={t('login-password-placeholder')}
                  aria-label={t('login-password-placeholder')}
                  value={values.password}
                  error={err('password')}
                  clearLabel={clear}
                  onValue={(value) => setField('password', value)}
                />
              ) : (
                <Field
                  testId="login-code"
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={10}
                  placeholder={t('login-code-placeholder')}
                  aria-label={t('login-code-placeholder')}
                  value={values.code}
                  error={err('code')}
                  clearLabel={clear}
                  onValue={(value) => setField('code', value.trim())}
                  suffix={
                    <button
                      type="button"
                      className="mall-login__send"
                      data-testid="login-send-code"
                      disabled={countdown > 0}
                      onClick={() => void sendCode()}
                    >
                      {countdown > 0 ? t('login-send-code-wait', { seconds: countdown }) : t('login-send-code')}
                    </button>
                  }
                />
              )}
              {mode === 'code' && isNew && (
                <p className="mall-login__notice" role="status" data-testid="login-new-account-notice">
                  {t('login-new-account')}
                </p>
              )}
            </>
          ) : (
            <>
              <Field
                inputRef={firstFieldRef}
                testId="login-new-password"
                type="password"
                autoComplete="new-password"
                placeholder={t('login-new-password')}
                aria-label={t('login-new-password')}
                value={values.newPassword}
                error={err('newPassword')}
                clearLabel={clear}
                onValue={(value) => setField('newPassword', value)}
              />
              <Field
                testId="login-confirm-password"
                type="password"
                autoComplete="new-password"
                placeholder={t('login-confirm-password')}
                aria-label={t('login-confirm-password')}
                value={values.confirmPassword}
                error={err('confirmPassword')}
                clearLabel={clear}
                onValue={(value) => setField('confirmPassword', value)}
              />
            </>
          )}

          <div className="mall-login__terms">
            <label>
              <input
                type="checkbox"
                data-testid="login-terms"
                checked={values.agreed}
                aria-invalid={errors.terms ? true : undefined}
                aria-describedby={errors.terms ? `${headingId}-terms` : undefined}
                onChange={(event) => setField('agreed', event.target.checked)}
              />
              <span>{termsText}</span>
            </label>
            {errors.terms && (
              <p id={`${headingId}-terms`} className="mall-login__error" role="alert" data-testid="login-terms-error">
                {t(errors.terms)}
              </p>
            )}
          </div>

          {mode === 'code' && isNew && !setPasswordStep ? (
            <button
              type="submit"
              className="mall-login__primary"
              data-testid="login-set-password"
              disabled={loading || !v.canSetPassword(values.code)}
            >
              {t(v.setPasswordLabel(values.code))}
            </button>
          ) : (
            signInButton
          )}
          {setPasswordStep && (
            <button type="button" className="mall-login__secondary" data-testid="login-back" onClick={back}>
              {t('login-back')}
            </button>
          )}
          {!setPasswordStep && (
            <div className="mall-login__social" role="group" aria-label={t('login-social')}>
              <p className="mall-login__social-title">{t('login-social')}</p>
              <button
                type="button"
                className="mall-login__secondary mall-login__social-button"
                data-testid="login-google"
                disabled={socialBusy}
                onClick={() => void socialLogin(SOCIAL_TYPE.GOOGLE)}
              >
                {t('login-google')}
              </button>
              <button
                type="button"
                className="mall-login__secondary mall-login__social-button"
                data-testid="login-facebook"
                disabled={socialBusy}
                onClick={() => void socialLogin(SOCIAL_TYPE.FACEBOOK)}
              >
                {t('login-facebook')}
              </button>
            </div>
          )}
        </form>
      </div>
    </div>,
    document.body,
  );
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'prefix'> {
  testId: string;
  value: string;
  error: string | undefined;
  clearLabel: string;
  onValue: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown before the input in the same row (the dial code). */
  prefix?: ReactNode;
  /** Shown after the input in the same row (Send Code). */
  suffix?: ReactNode;
}

/** An input with a clear button and its error below. */
function Field({ testId, value, error, clearLabel, onValue, inputRef, prefix, suffix, ...input }: FieldProps) {
  const errorId = useId();
  return (
    <div className="mall-login__field">
      <div className={error ? 'mall-login__row is-invalid' : 'mall-login__row'}>
        {prefix}
        <div className="mall-login__control">
          <input
            {...input}
            ref={inputRef}
            data-testid={testId}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => onValue(event.target.value)}
          />
          {value !== '' && (
            <button
              type="button"
              tabIndex={-1}
              className="mall-login__clear"
              aria-label={clearLabel}
              data-testid={`${testId}-clear`}
              // Keep the focus (and skip the blur check) in the input.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onValue('')}
            >
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path d="M7 7l10 10M17 7L7 17" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          )}
        </div>
        {suffix}
      </div>
      {error && (
        <p id={errorId} className="mall-login__error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
