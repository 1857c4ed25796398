import { type Ref } from 'react';
import { useT } from '../i18n';
import { Field, type FieldProps } from './Field';
import type { LoginFlow } from './useLoginFlow';

type TextField = 'identifier' | 'password' | 'code' | 'newPassword' | 'confirmPassword';

export interface FlowFieldProps
  extends Omit<FieldProps, 'value' | 'error' | 'clearLabel' | 'onValue' | 'placeholder' | 'aria-label'> {
  flow: LoginFlow;
  /** The value of the flow this field edits (its error is the one of the same name). */
  name: TextField;
  /** The Fluent key of its placeholder, which is also its accessible name. */
  label: string;
  /** Turns what was typed into the stored value (trimming, keeping digits). */
  sanitize?: (value: string) => string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A [`Field`] bound to one value of the login flow: its value, error, label and clear button. */
export function FlowField({ flow, name, label, sanitize, ...field }: FlowFieldProps) {
  const t = useT();
  const error = flow.errors[name];
  return (
    <Field
      {...field}
      placeholder={t(label)}
      aria-label={t(label)}
      value={flow.values[name]}
      error={error ? t(error) : undefined}
      clearLabel={t('login-clear')}
      onValue={(value) => flow.setField(name, sanitize ? sanitize(value) : value)}
    />
  );
}
