import { FlowField } from './FlowField';
import type { LoginFlow } from './useLoginFlow';

/** Account Login (the sign-in step's password tab): the password. */
export function PasswordSignIn({ flow }: { flow: LoginFlow }) {
  return (
    <FlowField
      flow={flow}
      name="password"
      label="login-password-placeholder"
      testId="login-password"
      type="password"
      autoComplete="current-password"
    />
  );
}
