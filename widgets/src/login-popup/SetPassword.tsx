import { FlowField } from './FlowField';
import type { StepProps } from './SignInStep';

/** The Set Password step of a new account (after its one-time code): password and confirmation. */
export function SetPassword({ flow, firstFieldRef }: StepProps) {
  return (
    <>
      {(['newPassword', 'confirmPassword'] as const).map((name, i) => (
        <FlowField
          key={name}
          flow={flow}
          name={name}
          label={name === 'newPassword' ? 'login-new-password' : 'login-confirm-password'}
          inputRef={i === 0 ? firstFieldRef : undefined}
          testId={name === 'newPassword' ? 'login-new-password' : 'login-confirm-password'}
          type="password"
          autoComplete="new-password"
        />
      ))}
    </>
  );
}
