// Admin accounts, sessions, sign-in failures and request nonces in the database.
import type { Role } from '@growth-admin/api-contract';
import type { Db, Queryable } from '../../db';
import { trimCspReports } from '../security/cspReports';
import { forgetOldCounters } from './throttle';
import { DEFAULT_PASSWORD_HASH_COST, dummyPasswordHash, generatePassword, hashPassword, hashToken, newSessionToken, verifyPassword } from '../../security';

/** `cost`: scrypt's N for the stored hash (the server's PASSWORD_HASH_COST). */
export async function addAdmin(q: Queryable, username: string, password: string, role: Role = 'owner', cost = DEFAULT_PASSWORD_HASH_COST): Promise<boolean> {
  const hash = await hashPassword(password, cost);
  const rows = await q.query('insert into admins (username, password_hash, role) values ($1, $2, $3) on conflict (username) do nothing returning id', [
    username,
    hash,
    role,
  ]);
  return rows.length === 1;
}

/**
 * Creates the first administrator when there is none. Without a configured password one is
 * generated and returned (to be printed once); it is never stored in clear.
 */
export async function ensureFirstAdmin(
  db: Db,
  username: string,
  password: string | undefined,
  cost = DEFAULT_PASSWORD_HASH_COST,
): Promise<{ created: boolean; generatedPassword?: string }> {
  const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from admins');
  if (n > 0) return { created: false };
  const pw = password ?? generatePassword();
  const created = await addAdmin(db, username, pw, 'owner', cost);
  return { created, generatedPassword: created && !password ? pw : undefined };
}

export interface SessionAdmin {
  adminId: number;
  username: string;
  role: Role;
}

/** The administrator behind a live session, and the session itself. */
export interface SessionContext extends SessionAdmin {
  sessionId: string;
  /** Seconds since the password was last entered in this session (sign-in or a re-authentication). */
  reauthAgeSeconds: number;
}

/** `cost`: the server's PASSWORD_HASH_COST, which an unknown username's check costs. */
export async function checkCredentials(q: Queryable, username: string, password: string, cost = DEFAULT_PASSWORD_HASH_COST): Promise<SessionAdmin | null> {
  const rows = await q.query<{ id: number; username: string; password_hash: string; role: Role }>(
    'select id::int as id, username, password_hash, role from admins where username = $1 and disabled_at is null',
    [username],
  );
  const admin = rows[0];
  // Unknown users cost the same scrypt work as a wrong password.
  const ok = await verifyPassword(password, admin?.password_hash ?? (await dummyPasswordHash(cost)));
  return admin && ok ? { adminId: admin.id, username: admin.username, role: admin.role } : null;
}

/** A new session of `adminId`: its token (shown once) and its id. */
export async function createSession(q: Queryable, adminId: number, ttlMs: number, ip: string, userAgent = ''): Promise<{ token: string; sessionId: string }> {
  const token = newSessionToken();
  const [row] = await q.query<{ id: string }>(
    `insert into admin_sessions (token_hash, admin_id, expires_at, ip, user_agent) values ($1, $2, now() + make_interval(secs => $3), $4, $5) returning id::text as id`,
    [hashToken(token), adminId, ttlMs / 1000, ip, userAgent.slice(0, 500)],
  );
  return { token, sessionId: row.id };
}

/** Last-seen is written at most this often per session: reading a session costs no write most of the time. */
export const LAST_SEEN_EVERY_SECONDS = 60;

export type SessionLookup = { status: 'live'; session: SessionContext } | { status: 'expired'; why: 'idle' | 'lifetime' } | { status: 'invalid' };

/**
 * The session of `token`: live, expired (idle longer than `idleMs`, or past its absolute end), or
 * invalid (unknown, signed out, ended, its administrator disabled). A live session's last-seen time
 * is moved on when it is older than a minute. Times are the database's clock.
 */
export async function findSession(q: Queryable, token: string, idleMs: number): Promise<SessionLookup> {
  const rows = await q.query<{
    id: string;
    admin_id: number;
    username: string;
    role: Role;
    usable: boolean;
    past_end: boolean;
    idle: boolean;
    seen_age: number;
    reauth_age: number;
  }>(
    `select s.id::text as id, s.admin_id::int as admin_id, a.username, a.role,
            s.revoked_at is null and a.disabled_at is null as usable,
            s.expires_at <= now() as past_end,
            s.last_seen_at <= now() - make_interval(secs => $2) as idle,
            extract(epoch from now() - s.last_seen_at)::float8 as seen_age,
            extract(epoch from now() - s.reauth_at)::float8 as reauth_age
       from admin_sessions s join admins a on a.id = s.admin_id
      where s.token_hash = $1`,
    [hashToken(token), idleMs / 1000],
  );
  const s = rows[0];
  if (!s || !s.usable) return { status: 'invalid' };
  if (s.past_end) return { status: 'expired', why: 'lifetime' };
  if (s.idle) return { status: 'expired', why: 'idle' };
  if (s.seen_age >= LAST_SEEN_EVERY_SECONDS) await q.query('update admin_sessions set last_seen_at = now() where id = $1', [s.id]);
  return { status: 'live', session: { adminId: s.admin_id, username: s.username, role: s.role, sessionId: s.id, reauthAgeSeconds: s.reauth_age } };
}

export async function revokeSession(q: Queryable, token: string): Promise<void> {
  await q.query('update admin_sessions set revoked_at = now() where token_hash = $1 and revoked_at is null', [hashToken(token)]);
}

/** Stores the nonce; false when it was seen before (a replay). Shared by every instance on the database. */
export async function claimNonce(q: Queryable, nonce: string): Promise<boolean> {
  const rows = await q.query('insert into request_nonces (nonce) values ($1) on conflict (nonce) do nothing returning nonce', [nonce]);
  return rows.length === 1;
}

/** Forgets what no longer matters: nonces past the signature window, old sign-in counters, long-expired sessions, idempotency keys past 48 h, all but the newest CSP reports. */
export async function housekeeping(db: Db, signatureWindowMs: number, loginWindowMs: number): Promise<void> {
  await db.query('delete from request_nonces where seen_at < now() - make_interval(secs => $1)', [(2 * signatureWindowMs + 60_000) / 1000]);
  await forgetOldCounters(db, loginWindowMs);
  await db.query("delete from idempotency_keys where created_at < now() - interval '48 hours'");
  await db.query("delete from admin_sessions where expires_at < now() - interval '7 days'");
  await trimCspReports(db);
}
