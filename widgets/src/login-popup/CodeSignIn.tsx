import { useT } from '../i18n';
import { FlowField } from './FlowField';
import type { LoginFlow } from './useLoginFlow';

/**
 * OTP Login (the sign-in step's code tab): the one-time code and Send Code with its
 * countdown; a new account is told it will set a password next.
 */
export function CodeSignIn({ flow }: { flow: LoginFlow }) {
  const t = useT();
  const { countdown } = flow;
  return (
    <>
      <FlowField
        flow={flow}
        name="code"
        label="login-code-placeholder"
        sanitize={(value) => value.trim()}
        testId="login-code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={10}
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
