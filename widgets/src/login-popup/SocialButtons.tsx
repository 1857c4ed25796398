import { SOCIAL_TYPE } from '../generated/codes';
import { useT } from '../i18n';
import type { SocialType } from './social';

export interface SocialButtonsProps {
  /** A social sign-in is on its way: both buttons are disabled. */
  busy: boolean;
  onSocial: (type: SocialType) => void;
}

/** The providers, each with its test id and Fluent key (`login-google`) and its social type. */
const SOCIAL_BUTTONS = [
  ['google', SOCIAL_TYPE.GOOGLE],
  ['facebook', SOCIAL_TYPE.FACEBOOK],
] as const;

/** Sign in with Google or Facebook. */
export function SocialButtons({ busy, onSocial }: SocialButtonsProps) {
  const t = useT();
  return (
    <div className="mall-login__social" role="group" aria-label={t('login-social')}>
      <p className="mall-login__social-title">{t('login-social')}</p>
      {SOCIAL_BUTTONS.map(([provider, socialType]) => (
        <button
          key={provider}
          type="button"
          className="mall-login__secondary mall-login__social-button"
          data-testid={`login-${provider}`}
          disabled={busy}
          onClick={() => onSocial(socialType)}
        >
          {t(`login-${provider}`)}
        </button>
      ))}
    </div>
  );
}
