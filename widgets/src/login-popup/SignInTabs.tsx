import { useT } from '../i18n';
import type * as v from './validation';

export interface SignInTabsProps {
  mode: v.Mode;
  channel: v.Channel;
  onMode: (mode: v.Mode) => void;
  onChannel: (channel: v.Channel) => void;
}

/** The tabs (Account Login, OTP Login) and the sub-tabs (email, phone) of the sign-in steps. */
export function SignInTabs({ mode, channel, onMode, onChannel }: SignInTabsProps) {
  const t = useT();
  return (
    <>
      <div role="tablist" className="mall-login__tabs">
        {(['password', 'code'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            className="mall-login__tab"
            aria-selected={mode === m}
            data-testid={m === 'password' ? 'login-tab-account' : 'login-tab-otp'}
            onClick={() => onMode(m)}
          >
            {t(m === 'password' ? 'login-tab-account' : 'login-tab-otp')}
          </button>
        ))}
      </div>
      <div role="tablist" className="mall-login__subtabs">
        {(['email', 'phone'] as const).map((c) => (
          <button
            key={c}
            type="button"
            role="tab"
            className="mall-login__subtab"
            aria-selected={channel === c}
            data-testid={`login-subtab-${c}`}
            onClick={() => onChannel(c)}
          >
            {t(`login-subtab-${c}`)}
          </button>
        ))}
      </div>
    </>
  );
}
