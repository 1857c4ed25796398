import { Fragment, type ReactNode, useId } from 'react';
import { useT } from '../i18n';
import type * as v from './validation';

export interface TermsProps {
  agreed: boolean;
  error: v.ErrorId | undefined;
  onChange: (agreed: boolean) => void;
}

/** The terms checkbox, its text linking the terms of service and the privacy policy, its error. */
export function Terms({ agreed, error, onChange }: TermsProps) {
  const t = useT();
  const errorId = useId();
  const marks = { terms: '\u0000terms\u0000', privacy: '\u0000privacy\u0000' };
  const links: Record<string, ReactNode> = {
    terms: (
      <a href="/terms-page?sts=1" target="_blank" rel="noopener" data-testid="login-terms-link">
        {t('login-terms-of-service')}
      </a>
    ),
    privacy: (
      <a href="/terms-page?sts=2" target="_blank" rel="noopener" data-testid="login-privacy-link">
        {t('login-privacy-policy')}
      </a>
    ),
  };
  const text = t('login-terms', marks)
    .split('\u0000')
    .map((part, i) => <Fragment key={i}>{i % 2 === 1 ? links[part] : part}</Fragment>);
  return (
    <div className="mall-login__terms">
      <label>
        <input
          type="checkbox"
          data-testid="login-terms"
          checked={agreed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{text}</span>
      </label>
      {error && (
        <p id={errorId} className="mall-login__error" role="alert" data-testid="login-terms-error">
          {t(error)}
        </p>
      )}
    </div>
  );
}
