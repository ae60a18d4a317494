// A sign-out whose call failed still signs out here at once (spec), but the server session would
// stay alive: its token is kept aside and the logout is retried in the background until the
// server confirms, or answers 401 (the token is already dead). Kept in localStorage, so a reload
// or the next visit goes on trying.
import { logout, toApiError } from '@growth-admin/shared-client';

export const PENDING_LOGOUT_KEY = 'growth-admin.pending-logouts';
/** Waits between attempts; the last one repeats. */
export const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 60_000];

const scheduled = new Set<string>();

function stored(): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(PENDING_LOGOUT_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string' && t !== '') : [];
  } catch {
    return [];
  }
}

function store(tokens: string[]): void {
  try {
    if (tokens.length) localStorage.setItem(PENDING_LOGOUT_KEY, JSON.stringify(tokens));
    else localStorage.removeItem(PENDING_LOGOUT_KEY);
  } catch {
    /* storage denied: the retries of this page still run */
  }
}

function attempt(token: string, tries: number): void {
  const delay = RETRY_DELAYS_MS[Math.min(tries, RETRY_DELAYS_MS.length - 1)];
  setTimeout(() => {
    logout(token).then(
      () => forget(token),
      (err: unknown) => (toApiError(err).status === 401 ? forget(token) : attempt(token, tries + 1)),
    );
  }, delay);
}

function forget(token: string): void {
  scheduled.delete(token);
  store(stored().filter((t) => t !== token));
}

/** Keeps retrying the logout of `token` in the background until the server ends that session. */
export function retryLogoutLater(token: string): void {
  if (!stored().includes(token)) store([...stored(), token]);
  if (scheduled.has(token)) return;
  scheduled.add(token);
  attempt(token, 0);
}

/** At boot: go on with the sign-outs an earlier page could not finish. */
export function resumePendingLogouts(): void {
  for (const token of stored()) retryLogoutLater(token);
}
