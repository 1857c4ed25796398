import { useT } from '../i18n';
import { Field } from './Field';
import type { LoginFlow } from './useLoginFlow';

/** Account Login (the sign-in step's password tab): the password. */
export function PasswordSignIn({ flow }: { flow: LoginFlow }) {
  const t = useT();
  const { values, errors } = flow;
  return (
    <Field
      testId="login-password"
      type="password"
      autoComplete="current-password"
      placeholder={t('login-password-placeholder')}
      aria-label={t('login-password-placeholder')}
      value={values.password}
      error={errors.password ? t(errors.password) : undefined}
      clearLabel={t('login-clear')}
      onValue={(value) => flow.setField('password', value)}
    />
  );
}
