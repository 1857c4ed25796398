import type { Ref } from 'react';
import { useT } from '../i18n';
import { Field } from './Field';
import type { LoginFlow } from './useLoginFlow';
import * as v from './validation';

export interface IdentifierFieldProps {
  flow: LoginFlow;
  inputRef?: Ref<HTMLInputElement>;
}

/** The email, or the phone number with its dial code, of the sign-in steps. */
export function IdentifierField({ flow, inputRef }: IdentifierFieldProps) {
  const t = useT();
  const { values, errors } = flow;
  const error = errors.identifier ? t(errors.identifier) : undefined;
  const clear = t('login-clear');
  if (flow.channel === 'email') {
    return (
      <Field
        inputRef={inputRef}
        testId="login-identifier"
        type="email"
        autoComplete="email"
        placeholder={t('login-email-placeholder')}
        aria-label={t('login-email-placeholder')}
        value={values.identifier}
        error={error}
        clearLabel={clear}
        onValue={(value) => flow.setField('identifier', value)}
        onBlur={flow.onIdentifierBlur}
      />
    );
  }
  return (
    <Field
      inputRef={inputRef}
      testId="login-identifier"
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={v.phoneMaxLength(values.dialCode)}
      placeholder={t('login-phone-placeholder')}
      aria-label={t('login-phone-placeholder')}
      value={values.identifier}
      error={error}
      clearLabel={clear}
      onValue={(value) => flow.setField('identifier', v.sanitizeLocalPhone(value, values.dialCode))}
      onBlur={flow.onIdentifierBlur}
      prefix={
        <select
          className="mall-login__dial"
          data-testid="login-dial-code"
          aria-label={t('login-dial-code')}
          value={values.dialCode}
          onChange={(event) => flow.setDialCode(event.target.value)}
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
}
