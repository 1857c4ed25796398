import { useT } from '../i18n';
import { Field } from './Field';
import type { StepProps } from './SignInStep';

/** The Set Password step of a new account (after its one-time code): password and confirmation. */
export function SetPassword({ flow, firstFieldRef }: StepProps) {
  const t = useT();
  const { values, errors } = flow;
  const clear = t('login-clear');
  return (
    <>
      <Field
        inputRef={firstFieldRef}
        testId="login-new-password"
        type="password"
        autoComplete="new-password"
        placeholder={t('login-new-password')}
        aria-label={t('login-new-password')}
        value={values.newPassword}
        error={errors.newPassword ? t(errors.newPassword) : undefined}
        clearLabel={clear}
        onValue={(value) => flow.setField('newPassword', value)}
      />
      <Field
        testId="login-confirm-password"
        type="password"
        autoComplete="new-password"
        placeholder={t('login-confirm-password')}
        aria-label={t('login-confirm-password')}
        value={values.confirmPassword}
        error={errors.confirmPassword ? t(errors.confirmPassword) : undefined}
        clearLabel={clear}
        onValue={(value) => flow.setField('confirmPassword', value)}
      />
    </>
  );
}
