// The calls the shell itself makes (sign-in and out, the administrator's role now, the step-up
// password, a remote's failure report) and the dashboard's loads, which the shell starts at sign-in
// and the analytics remote reads (dashboardLoads.ts). Every other call belongs to the remote that
// makes it, in its own `src/api/`, over the typed `call` (typedCall.ts) this package exports.
import { ApiError, toApiError } from './errors';
import { call } from './typedCall';
import type { AdminSession, LoginPayload, Me, RevenueStats, TrendPeriod, TrendPoint, UserStats } from './types';

export const TRENDS_DEFAULT_DAYS = 30;

// --- releases: the shell's report of a remote that failed --------------------

/** POST /api/admin/releases/failures: the shell reports a remote that failed to load or crashed. */
export function reportReleaseFailure(body: { releaseId: string; kind: 'load' | 'render'; message: string }): Promise<{ counted: boolean; rolledBack: boolean }> {
  return call('post', '/api/admin/releases/failures', { body });
}

// --- session ---------------------------------------------------------------

/** POST /api/admin/login. Fails with 'Invalid response format' when the answer has no data. */
export async function login(payload: LoginPayload): Promise<AdminSession> {
  let data: AdminSession | undefined;
  try {
    data = await call('post', '/api/admin/login', { body: payload, isLogin: true });
  } catch (err) {
    const error = toApiError(err);
    throw new ApiError(error.message || 'Login failed', error.status, error.code, error.retryAfter);
  }
  // A session the token store would not keep (empty token, no username) is no session.
  if (!data || typeof data.token !== 'string' || !data.token || typeof data.user?.username !== 'string') {
    throw new ApiError('Invalid response format', 500, 'INVALID_RESPONSE');
  }
  return data;
}

/** GET /api/admin/me: the signed-in administrator and their role now. */
export function getMe(): Promise<Me> {
  return call('get', '/api/admin/me', {});
}

/** POST /api/admin/account/reauthenticate: the password again (step-up), recorded on this session. */
export function reauthenticate(password: string): Promise<{ reauthenticated: boolean; validForSeconds: number }> {
  return call('post', '/api/admin/account/reauthenticate', { body: { password } });
}

/** POST /api/admin/logout for the stored session, or for `token` (a sign-out retried later). */
export function logout(token?: string): Promise<unknown> {
  return call('post', '/api/admin/logout', token ? { token } : undefined);
}

// --- analytics: the dashboard's loads (dashboardLoads.ts) --------------------

export function getUserStats(): Promise<UserStats> {
  return call('get', '/api/admin/analytics/users');
}

export function getRevenueStats(): Promise<RevenueStats> {
  return call('get', '/api/admin/analytics/revenue');
}

/** The calendar days a trends query covers (YYYY-MM-DD, both included, in the query's time zone). */
export interface TrendRange {
  from: string;
  to: string;
}

/** The browser's IANA time zone (Europe/Berlin): the days the lists read their date filters in. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Trends over the last `window` days (default 30), or over a range of days; with `timeZone` the
 * API counts days and weeks (and reads the range) in that zone, else in UTC.
 */
export function getTrends(period: TrendPeriod = 'day', window: number | TrendRange = TRENDS_DEFAULT_DAYS, timeZone?: string): Promise<TrendPoint[]> {
  const tz = timeZone ? { tz: timeZone } : {};
  if (typeof window === 'number') return call('get', '/api/admin/analytics/trends', { query: { period, days: window, ...tz } });
  // The generated type marks `days` required because the API gives it a default; with a range the API ignores it.
  const query = { period, from: window.from, to: window.to, ...tz } as { period: TrendPeriod; days: number; from: string; to: string; tz?: string };
  return call('get', '/api/admin/analytics/trends', { query });
}
