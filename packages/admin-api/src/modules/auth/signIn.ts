// Signing in: throttling, the password check, the session, the audit trail.
import type { Role } from '@growth-admin/api-contract';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db';
import { unauthorized } from '../../http/errors';
import { audit } from '../../db/audit';
import { checkCredentials, createSession, revokeSession } from './repository';
import { checkPassword } from './passwordCheck';

export const INVALID_CREDENTIALS = 'Invalid username or password';

export interface SignInAttempt {
  username: string;
  password: string;
  ip: string;
  /** The browser's User-Agent, shown in the Sessions list ('' when it sent none). */
  userAgent: string;
}

/**
 * Checks the credentials (throttled and audited: passwordCheck.ts) and starts a session; answers
 * its token and id.
 */
export async function signIn(db: Db, config: ServerConfig, { username, password, ip, userAgent }: SignInAttempt): Promise<{ token: string; sessionId: string; username: string; role: Role }> {
  const admin = await checkPassword(db, config, {
    purpose: 'sign-in',
    actor: { adminId: null, username, ip },
    username,
    verify: () => checkCredentials(db, username, password, config.passwordHashCost),
  });
  if (!admin) throw unauthorized(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  const { token, sessionId } = await db.transaction(async (tx) => {
    const session = await createSession(tx, admin.adminId, config.sessionTtlMs, ip, userAgent);
    await audit(tx, { adminId: admin.adminId, username: admin.username, ip }, 'login', `admin:${admin.username}`, 'Signed in');
    return session;
  });
  return { token, sessionId, username: admin.username, role: admin.role };
}

/** Ends the session of `token`. */
export async function signOut(db: Db, token: string, actor: { adminId: number; username: string; ip: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, token);
    await audit(tx, actor, 'logout', `admin:${actor.username}`, 'Signed out');
  });
}
