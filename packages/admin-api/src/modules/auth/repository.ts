// Admin accounts, sessions, sign-in failures and request nonces in the database.
import type { Role } from '@growth-admin/api-contract';
import type { Db, Queryable } from '../../db';
import { trimCspReports } from '../security/cspReports';
import { forgetOldCounters } from './throttle';
import { dummyPasswordHash, generatePassword, hashPassword, hashToken, newSessionToken, verifyPassword } from '../../security';

export async function addAdmin(q: Queryable, username: string, password: string, role: Role = 'owner'): Promise<boolean> {
  const hash = await hashPassword(password);
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
export async function ensureFirstAdmin(db: Db, username: string, password: string | undefined): Promise<{ created: boolean; generatedPassword?: string }> {
  const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from admins');
  if (n > 0) return { created: false };
  const pw = password ?? generatePassword();
  const created = await addAdmin(db, username, pw);
  return { created, generatedPassword: created && !password ? pw : undefined };
}

export interface SessionAdmin {
  adminId: number;
  username: string;
  role: Role;
}

export async function checkCredentials(q: Queryable, username: string, password: string): Promise<SessionAdmin | null> {
  const rows = await q.query<{ id: number; username: string; password_hash: string; role: Role }>(
    'select id::int as id, username, password_hash, role from admins where username = $1 and disabled_at is null',
    [username],
  );
  const admin = rows[0];
  // Unknown users cost the same scrypt work as a wrong password.
  const ok = await verifyPassword(password, admin?.password_hash ?? (await dummyPasswordHash()));
  return admin && ok ? { adminId: admin.id, username: admin.username, role: admin.role } : null;
}

export async function createSession(q: Queryable, adminId: number, ttlMs: number, ip: string): Promise<string> {
  const token = newSessionToken();
  await q.query(
    `insert into admin_sessions (token_hash, admin_id, expires_at, ip) values ($1, $2, now() + make_interval(secs => $3), $4)`,
    [hashToken(token), adminId, ttlMs / 1000, ip],
  );
  return token;
}

export async function findSession(q: Queryable, token: string): Promise<SessionAdmin | null> {
  const rows = await q.query<{ admin_id: number; username: string; role: Role }>(
    `select s.admin_id::int as admin_id, a.username, a.role from admin_sessions s join admins a on a.id = s.admin_id
      where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and a.disabled_at is null`,
    [hashToken(token)],
  );
  return rows[0] ? { adminId: rows[0].admin_id, username: rows[0].username, role: rows[0].role } : null;
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
