import { useT } from '../i18n';
import { Field } from './Field';
import type { LoginFlow } from './useLoginFlow';

/**
 * OTP Login (the sign-in step's code tab): the one-time code and Send Code with its
 * countdown; a new account is told it will set a password next.
 */
export function CodeSignIn({ flow }: { flow: LoginFlow }) {
  const t = useT();
  const { values, errors, countdown } = flow;
  return (
    <>
      <Field
        testId="login-code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={10}
        placeholder={t('login-code-placeholder')}
        aria-label={t('login-code-placeholder')}
        value={values.code}
        error={errors.code ? t(errors.code) : undefined}
        clearLabel={t('login-clear')}
        onValue={(value) => flow.setField('code', value.trim())}
        suffix={
          <button
            type="button"
            className="mall-login__send"
            data-testid="login-send-code"
            disabled={countdown > 0}
            onClick={() => void flow.sendCode()}
          >
            {countdown > 0 ? t('login-send-code-wait', { seconds: countdown }) : t('login-send-code')}
          </button>
        }
      />
      {flow.isNew && (
        <p className="mall-login__notice" role="status" data-testid="login-new-account-notice">
          {t('login-new-account')}
        </p>
      )}
    </>
  );
}
