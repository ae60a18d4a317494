// The password throttle's refusal (429 THROTTLED_*), as the login screen and the step-up dialog show
// it: which limit, and a live countdown from the server's Retry-After. The sentences are the API's
// own (admin-api's throttle.ts), with the seconds left instead of the seconds at the refusal. No
// React here: the login screen loads it with the core; the countdown hook is the UI kit's throttleCountdown.ts.
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
