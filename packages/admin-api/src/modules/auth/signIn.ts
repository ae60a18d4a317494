// Signing in: throttling, the password check, the session, the audit trail.
import type { ServerConfig } from '../../config';
import type { Db } from '../../db';
import { ApiError, unauthorized } from '../../http/errors';
import { audit } from '../audit/repository';
import { checkCredentials, clearFailures, createSession, recentFailures, recordFailure, revokeSession } from './repository';

export const INVALID_CREDENTIALS = 'Invalid username or password';

export interface SignInAttempt {
  username: string;
  password: string;
  ip: string;
}

/**
 * Checks the credentials and starts a session; answers its token. With too many recent failures
 * for the username or the address it refuses (429, Retry-After) without checking the password.
 */
export async function signIn(db: Db, config: ServerConfig, { username, password, ip }: SignInAttempt): Promise<{ token: string; username: string }> {
  const userKey = `u:${username.toLowerCase()}`;
  const ipKey = `ip:${ip}`;
  const failures = await recentFailures(db, [userKey, ipKey], config.loginWindowMs);
  const blocked = [
    failures[userKey].n >= config.loginMaxFailuresPerUser ? failures[userKey] : null,
    failures[ipKey].n >= config.loginMaxFailuresPerIp ? failures[ipKey] : null,
  ].filter((x) => x !== null);
  if (blocked.length) {
    const until = Math.max(...blocked.map((b) => (b.oldest?.getTime() ?? Date.now()) + config.loginWindowMs));
    const retryAfter = Math.max(1, Math.ceil((until - Date.now()) / 1000));
    throw new ApiError(429, 'LOGIN_THROTTLED', `Too many failed sign-in attempts: try again in ${Math.ceil(retryAfter / 60)} minute(s)`, retryAfter);
  }
  const admin = await checkCredentials(db, username, password);
  if (!admin) {
    await db.transaction(async (tx) => {
      await recordFailure(tx, [userKey, ipKey]);
      await audit(tx, { adminId: null, username, ip }, 'login.failed', `admin:${username}`, 'Failed sign-in attempt');
    });
    throw unauthorized(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  }
  const token = await db.transaction(async (tx) => {
    await clearFailures(tx, userKey);
    const t = await createSession(tx, admin.adminId, config.sessionTtlMs, ip);
    await audit(tx, { adminId: admin.adminId, username: admin.username, ip }, 'login', `admin:${admin.username}`, 'Signed in');
    return t;
  });
  return { token, username: admin.username };
}

/** Ends the session of `token`. */
export async function signOut(db: Db, token: string, actor: { adminId: number; username: string; ip: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, token);
    await audit(tx, actor, 'logout', `admin:${actor.username}`, 'Signed out');
  });
}
