/**
 * The login popup's state machine: whether it is open, the tab (password or one-time code),
 * the sub-tab (email or phone), the step (identify, then set a password for a new account),
 * what was entered and its errors, and the actions (send a code, submit, social sign-in).
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError, request } from '../api';
import { emit, on, type MallEvents } from '../events';
import { LOGIN, MAIL_LOGIN, MOBILE_LOGIN, SMS_SEND_LOGIN_CODE, USER_CHECK_USER, USER_SIGNUP } from '../generated/paths';
import type { CheckUserQuery, LoginRequest, SendCodeRequest, SignupRequest, TokenData } from '../generated/types';
import { useT } from '../i18n';
import { safeRedirect } from '../redirect';
import { type SocialType, startSocialLogin } from './social';
import { useCountdown } from './useCountdown';
import * as v from './validation';

export const EMPTY: v.LoginValues = {
  identifier: '',
  dialCode: v.DEFAULT_DIAL_CODE,
  password: '',
  code: '',
  newPassword: '',
  confirmPassword: '',
  agreed: false,
};

/** The detail of an open event, as the widget's loader hands over the first one (unknown). */
const openDetail = (detail: unknown): MallEvents['mall:open-login'] =>
  detail && typeof detail === 'object' ? (detail as NonNullable<MallEvents['mall:open-login']>) : undefined;

/** `Exit` of a /user/checkUser answer (data of a success or of an error). */
export function exitOf(data: unknown): number | undefined {
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

export interface LoginFlow {
  open: boolean;
  mode: v.Mode;
  channel: v.Channel;
  step: v.Step;
  values: v.LoginValues;
  errors: v.Errors;
  /** Code mode: the account checked does not exist yet (it signs up with a password). */
  isNew: boolean;
  /** Seconds before another code may be sent; 0 when one may. */
  countdown: number;
  /** A sign-in is on its way. */
  loading: boolean;
  /** A social sign-in is on its way to the provider. */
  socialBusy: boolean;
  /** Why the Sign In button of the Set Password step is disabled (a message id), if it is. */
  tip: string | undefined;
  signInDisabled: boolean;
  close: () => void;
  switchMode: (next: v.Mode) => void;
  switchChannel: (next: v.Channel) => void;
  setField: <K extends keyof v.LoginValues>(field: K, value: v.LoginValues[K]) => void;
  setDialCode: (dialCode: string) => void;
  onIdentifierBlur: () => void;
  sendCode: () => Promise<void>;
  submit: () => void;
  socialLogin: (type: SocialType) => Promise<void>;
  /** From the Set Password step back to the code. */
  back: () => void;
}

/**
 * The popup's state and actions. `initialEvent` is the detail of the `mall:open-login` event
 * that loaded the widget (open at once); later events open it again.
 */
export function useLoginFlow(initialEvent?: unknown): LoginFlow {
  const t = useT();
  const [open, setOpen] = useState(initialEvent !== undefined);
  const [redirect, setRedirect] = useState(() => safeRedirect(openDetail(initialEvent)?.redirect));
  const [mode, setMode] = useState<v.Mode>(() => openDetail(initialEvent)?.mode ?? 'password');
  const [channel, setChannel] = useState<v.Channel>('email');
  const [step, setStep] = useState<v.Step>('identify');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<v.Errors>({});
  const [isNew, setIsNew] = useState(false);
  const countdown = useCountdown();
  const [loading, setLoading] = useState(false);
  const [socialBusy, setSocialBusy] = useState(false);
  const lastSubmit = useRef(0);
  /** The identifier the last account check was made for. */
  const checkedFor = useRef('');

  useEffect(
    () =>
      on('mall:open-login', (detail) => {
        // Only paths of this site are followed after sign-in, whoever sent the event.
        setRedirect(safeRedirect(detail?.redirect));
        // `/register` asks for the one-time-code tab.
        if (detail?.mode) setMode(detail.mode);
        setOpen(true);
      }),
    [],
  );

  /** Clears everything entered; on a tab switch (`keepChoices`) the terms tick and dial code stay. */
  const clearEntries = (keepChoices: boolean) => {
    setValues((prev) => (keepChoices ? { ...EMPTY, dialCode: prev.dialCode, agreed: prev.agreed } : EMPTY));
    setErrors({});
    setStep('identify');
    setIsNew(false);
    countdown.stop();
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

  /** Another dial code: the number is cut to its length and checked again. */
  const setDialCode = (dialCode: string) => {
    setValues((prev) => ({ ...prev, dialCode, identifier: v.sanitizeLocalPhone(prev.identifier, dialCode) }));
    setIsNew(false);
    checkedFor.current = '';
    setError('identifier', undefined);
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
    if (countdown.seconds > 0) return;
    const found = v.validateSendCode(channel, values);
    if (Object.keys(found).length > 0) {
      setErrors((prev) => ({ ...prev, ...found }));
      return;
    }
    void checkUser();
    const id = v.apiIdentifier(channel, values);
    countdown.start();
    try {
      const form: SendCodeRequest = channel === 'email' ? { mail: id } : { mobile: id };
      await request('POST', SMS_SEND_LOGIN_CODE, { form });
      emit('mall:toast', { type: 'success', message: t('login-code-sent') });
    } catch {
      // The API client has shown the error, if any; another code may be requested at once.
      countdown.stop();
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

  const tip = step === 'set-password' ? v.newPasswordTip(values.newPassword) : undefined;
  return {
    open,
    mode,
    channel,
    step,
    values,
    errors,
    isNew,
    countdown: countdown.seconds,
    loading,
    socialBusy,
    tip,
    signInDisabled: loading || Object.keys(errors).length > 0 || tip !== undefined,
    close,
    switchMode,
    switchChannel,
    setField,
    setDialCode,
    onIdentifierBlur,
    sendCode,
    submit,
    socialLogin,
    back,
  };
}
