// Active sessions: listed for their administrator (or, for owners, everyone's) and ended one at a
// time or all but the current one. Ending sets revoked_at, so the token stops working at once on
// every instance. Every end is audited in its own transaction.
import type { Session } from '@growth-admin/api-contract';
import type { Db, Queryable, Row } from '../../db';
import { iso } from '../../db/dates';
import { ApiError, notFound } from '../../http/errors';
import { audit, type Actor } from '../../db/audit';
import { describeBrowser } from './browser';

/** A session is active while not ended, not past its end and not idle past the idle timeout. */
const ACTIVE = `s.revoked_at is null and s.expires_at > now() and s.last_seen_at > now() - make_interval(secs => $1) and a.disabled_at is null`;

const toSession = (currentId: string) => (r: Row): Session => ({
  id: String(r.id),
  username: String(r.username),
  startedAt: iso(r.created_at),
  lastSeenAt: iso(r.last_seen_at),
  ip: String(r.ip ?? ''),
  browser: describeBrowser(String(r.user_agent)),
  current: String(r.id) === currentId,
});

/** Active sessions, the most recently seen first: one administrator's, or (adminId null) everyone's. */
export async function listSessions(q: Queryable, idleMs: number, adminId: number | null, currentId: string): Promise<Session[]> {
  const rows = await q.query(
    `select s.id::text as id, a.username, s.created_at, s.last_seen_at, s.ip, s.user_agent
       from admin_sessions s join admins a on a.id = s.admin_id
      where ${ACTIVE} and ($2::bigint is null or s.admin_id = $2)
      order by s.last_seen_at desc, s.id desc`,
    [idleMs / 1000, adminId],
  );
  return rows.map(toSession(currentId));
}

export interface EndScope {
  idleMs: number;
  /** The session making the request: never ended here (signing out is how to end it). */
  currentId: string;
  /** Only this administrator's sessions (null: an owner ending anyone's). */
  ownerOf: number | null;
}

/** Ends one active session; 404 when there is none with that id in scope, 409 for the current one. */
export async function endSession(db: Db, actor: Actor, sessionId: string, scope: EndScope): Promise<{ ended: number }> {
  if (sessionId === scope.currentId) throw new ApiError(409, 'CURRENT_SESSION', 'This is the session you are using: sign out to end it');
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ username: string }>(
      `update admin_sessions s set revoked_at = now() from admins a
        where a.id = s.admin_id and s.id = $2 and ${ACTIVE} and ($3::bigint is null or s.admin_id = $3)
        returning a.username`,
      [scope.idleMs / 1000, sessionId, scope.ownerOf],
    );
    if (!rows[0]) throw notFound(`No active session with id ${sessionId}`, 'SESSION_NOT_FOUND');
    await audit(tx, actor, 'session.end', `admin:${rows[0].username}`, `Ended session ${sessionId} of ${rows[0].username}`);
    return { ended: 1 };
  });
}

/** Ends every session of mine but the current one. */
export async function endOtherSessions(db: Db, actor: Actor & { adminId: number }, currentId: string): Promise<{ ended: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx.query(
      'update admin_sessions set revoked_at = now() where admin_id = $1 and id <> $2 and revoked_at is null and expires_at > now() returning 1',
      [actor.adminId, currentId],
    );
    await audit(tx, actor, 'session.end-others', `admin:${actor.username}`, `Ended ${rows.length} other session(s)`);
    return { ended: rows.length };
  });
}
