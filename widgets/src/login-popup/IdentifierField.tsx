import type { Ref } from 'react';
import { useT } from '../i18n';
import { FlowField } from './FlowField';
import type { LoginFlow } from './useLoginFlow';
import * as v from './validation';

export interface IdentifierFieldProps {
  flow: LoginFlow;
  inputRef?: Ref<HTMLInputElement>;
}

/** The email, or the phone number with its dial code, of the sign-in steps. */
export function IdentifierField({ flow, inputRef }: IdentifierFieldProps) {
  const t = useT();
  const { values } = flow;
  if (flow.channel === 'email') {
    return (
      <FlowField
        flow={flow}
        name="identifier"
        label="login-email-placeholder"
        inputRef={inputRef}
        testId="login-identifier"
        type="email"
        autoComplete="email"
        onBlur={flow.onIdentifierBlur}
      />
    );
  }
  return (
    <FlowField
      flow={flow}
      name="identifier"
      label="login-phone-placeholder"
      sanitize={(value) => v.sanitizeLocalPhone(value, values.dialCode)}
      inputRef={inputRef}
      testId="login-identifier"
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={v.phoneMaxLength(values.dialCode)}
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
