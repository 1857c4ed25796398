import { useEffect, useState } from 'react';
import { CODE_RESEND_SECONDS } from '../generated/limits';

export interface Countdown {
  /** Seconds left; 0 when not counting. */
  seconds: number;
  /** Starts (or restarts) counting down from `seconds`. */
  start: (seconds?: number) => void;
  /** Stops counting: back to 0 at once. */
  stop: () => void;
}

/**
 * The resend-code countdown: one second at a time down to 0. Starts from the server's resend
 * interval (`CODE_RESEND_SECONDS` of the api crate) unless told otherwise.
 */
export function useCountdown(): Countdown {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return {
    seconds,
    start: (from = CODE_RESEND_SECONDS) => setSeconds(from),
    stop: () => setSeconds(0),
  };
}
