import { useT } from '../i18n';
import type * as v from './validation';

export interface SignInTabsProps {
  mode: v.Mode;
  channel: v.Channel;
  onMode: (mode: v.Mode) => void;
  onChannel: (channel: v.Channel) => void;
}

interface TabListProps<T extends string> {
  /** `mall-login__tab` or `mall-login__subtab`; the list is that plus `s`. */
  tabClass: string;
  tabs: readonly T[];
  current: T;
  /** The test id and the Fluent key of a tab (the same string). */
  keyOf: (tab: T) => string;
  onPick: (tab: T) => void;
}

function TabList<T extends string>({ tabClass, tabs, current, keyOf, onPick }: TabListProps<T>) {
  const t = useT();
  return (
    <div role="tablist" className={`${tabClass}s`}>
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          className={tabClass}
          aria-selected={current === tab}
          data-testid={keyOf(tab)}
          onClick={() => onPick(tab)}
        >
          {t(keyOf(tab))}
        </button>
      ))}
    </div>
  );
}

/** The tabs (Account Login, OTP Login) and the sub-tabs (email, phone) of the sign-in steps. */
export function SignInTabs({ mode, channel, onMode, onChannel }: SignInTabsProps) {
  return (
    <>
      <TabList
        tabClass="mall-login__tab"
        tabs={['password', 'code'] as const}
        current={mode}
        keyOf={(m) => (m === 'password' ? 'login-tab-account' : 'login-tab-otp')}
        onPick={onMode}
      />
      <TabList
        tabClass="mall-login__subtab"
        tabs={['email', 'phone'] as const}
        current={channel}
        keyOf={(c) => `login-subtab-${c}`}
        onPick={onChannel}
      />
    </>
  );
}
