import type { Ref } from 'react';
import { CodeSignIn } from './CodeSignIn';
import { IdentifierField } from './IdentifierField';
import { PasswordSignIn } from './PasswordSignIn';
import { SignInTabs } from './SignInTabs';
import type { LoginFlow } from './useLoginFlow';

export interface StepProps {
  flow: LoginFlow;
  /** The step's first field, focused when the step shows. */
  firstFieldRef?: Ref<HTMLInputElement>;
}

/**
 * The first step: the tabs, the email or phone number, then the password (Account Login) or
 * the one-time code (OTP Login). The tabs and the identifier stay the same elements when the
 * tab changes, so the focus stays on the tab clicked.
 */
export function SignInStep({ flow, firstFieldRef }: StepProps) {
  return (
    <>
      <SignInTabs mode={flow.mode} channel={flow.channel} onMode={flow.switchMode} onChannel={flow.switchChannel} />
      <IdentifierField flow={flow} inputRef={firstFieldRef} />
      {flow.mode === 'password' ? <PasswordSignIn flow={flow} /> : <CodeSignIn flow={flow} />}
    </>
  );
}
