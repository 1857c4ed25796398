import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'prefix'> {
  testId: string;
  value: string;
  error: string | undefined;
  clearLabel: string;
  onValue: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown before the input in the same row (the dial code). */
  prefix?: ReactNode;
  /** Shown after the input in the same row (Send Code). */
  suffix?: ReactNode;
}

/** An input with a clear button and its error below. */
export function Field({ testId, value, error, clearLabel, onValue, inputRef, prefix, suffix, ...input }: FieldProps) {
  const errorId = useId();
  return (
    <div className="mall-login__field">
      <div className={error ? 'mall-login__row is-invalid' : 'mall-login__row'}>
        {prefix}
        <div className="mall-login__control">
          <input
            {...input}
            ref={inputRef}
            data-testid={testId}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => onValue(event.target.value)}
          />
          {value !== '' && (
            <button
              type="button"
              tabIndex={-1}
              className="mall-login__clear"
              aria-label={clearLabel}
              data-testid={`${testId}-clear`}
              // Keep the focus (and skip the blur check) in the input.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onValue('')}
            >
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path d="M7 7l10 10M17 7L7 17" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          )}
        </div>
        {suffix}
      </div>
      {error && (
        <p id={errorId} className="mall-login__error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
