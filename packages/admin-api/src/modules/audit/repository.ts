// The audit log: one row per mutating action, written in the transaction of the action itself.
import type { Queryable } from '../../db';

export interface Actor {
  adminId: number | null;
  username: string;
  ip: string;
}

/** Who, what, on what, a short summary, when (now) and from where. */
export async function audit(q: Queryable, actor: Actor, action: string, target: string, summary: string): Promise<void> {
  await q.query(
    'insert into audit_log (admin_id, admin_username, action, target, summary, ip) values ($1, $2, $3, $4, $5, $6)',
    [actor.adminId, actor.username.slice(0, 200), action, target.slice(0, 500), summary.slice(0, 2000), actor.ip],
  );
}
