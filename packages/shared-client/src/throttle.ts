// The password throttle's refusal (429 THROTTLED_*), as the login screen and the step-up dialog show
// it: which limit, and a live countdown from the server's Retry-After. The sentences are the API's
// own (admin-api's throttle.ts), with the seconds left instead of the seconds at the refusal.
import { useEffect, useRef, useState } from 'react';
import { toApiError } from './errors';

const SENTENCES: Record<string, string> = {
  THROTTLED_ACCOUNT_ADDRESS: 'Too many wrong passwords for this account from your network.',
  THROTTLED_ADDRESS: 'Too many wrong passwords from your network.',
  THROTTLED_SESSION: 'Too many wrong passwords in this session.',
};

/** A refusal of the password throttle: which limit (its code) and the seconds to wait. */
export interface ThrottleRefusal {
  code: string;
  seconds: number;
}

/** The refusal in `err`, or null when it is another failure. */
export function throttleRefusalOf(err: unknown): ThrottleRefusal | null {
  const e = toApiError(err);
  if (e.status !== 429 || !e.code || !(e.code in SENTENCES)) return null;
  return { code: e.code, seconds: e.retryAfter ?? 1 };
}

/** A wait in words: '42 s', '14 min 5 s', '15 min'. */
export function waitInWords(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return s ? `${m} min ${s} s` : `${m} min`;
}

/** 'Too many wrong passwords for this account from your network. Try again in 42 s.' */
export function throttleMessage(code: string, secondsLeft: number): string {
  return `${SENTENCES[code] ?? 'Too many wrong passwords.'} Try again in ${waitInWords(Math.max(1, secondsLeft))}.`;
}

/**
 * Counts a refusal down, once a second, from when it is set: answers the sentence with the seconds
 * left (null when there is none, or once it is over) and sets a new one.
 */
export function useThrottleCountdown(): { message: string | null; active: boolean; start: (refusal: ThrottleRefusal | null) => void } {
  const [refusal, setRefusal] = useState<(ThrottleRefusal & { until: number }) | null>(null);
  const [now, setNow] = useState(() => Date.now());
  // Set when the refusal arrives (not in an effect): the count starts that very second.
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);
  const secondsLeft = refusal ? Math.ceil((refusal.until - now) / 1000) : 0;
  const active = refusal !== null && secondsLeft > 0;
  return {
    message: active ? throttleMessage(refusal.code, secondsLeft) : null,
    active,
    start: (next) => {
      clearInterval(timer.current);
      const t = Date.now();
      const until = next ? t + next.seconds * 1000 : 0;
      setNow(t);
      setRefusal(next && { ...next, until });
      if (!next) return;
      timer.current = setInterval(() => {
        const at = Date.now();
        setNow(at);
        if (at >= until) {
          clearInterval(timer.current);
          setRefusal(null);
        }
      }, 1000);
    },
  };
}
