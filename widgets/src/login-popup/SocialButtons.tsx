import { SOCIAL_TYPE } from '../generated/codes';
import { useT } from '../i18n';
import type { SocialType } from './social';

export interface SocialButtonsProps {
  /** A social sign-in is on its way: both buttons are disabled. */
  busy: boolean;
  onSocial: (type: SocialType) => void;
}

/** Sign in with Google or Facebook. */
export function SocialButtons({ busy, onSocial }: SocialButtonsProps) {
  const t = useT();
  return (
    <div className="mall-login__social" role="group" aria-label={t('login-social')}>
      <p className="mall-login__social-title">{t('login-social')}</p>
      <button
        type="button"
        className="mall-login__secondary mall-login__social-button"
        data-testid="login-google"
        disabled={busy}
        onClick={() => onSocial(SOCIAL_TYPE.GOOGLE)}
      >
        {t('login-google')}
      </button>
      <button
        type="button"
        className="mall-login__secondary mall-login__social-button"
        data-testid="login-facebook"
        disabled={busy}
        onClick={() => onSocial(SOCIAL_TYPE.FACEBOOK)}
      >
        {t('login-facebook')}
      </button>
    </div>
  );
}
