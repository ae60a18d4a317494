// The audit log's writer: one row per mutating action, written in the transaction of the action
// itself, by the back-office's modules and the release control plane's alike (the log is the API's,
// read through GET /audit: src/modules/audit).
import type { Queryable } from './types';

export interface Actor {
  adminId: number | null;
  username: string;
  ip: string;
}

/** What a change changed: the fields that differ, as they were and as they are. */
export interface Changes {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The fields of `before` and `after` whose values differ (a created thing: before null; a deleted one: after null). */
export function changesOf(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Changes {
  if (!before || !after) return { before, after };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return { before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])), after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])) };
}

/** Who, what, on what, a short summary, when (now) and from where; for a change, before and after. */
export async function audit(q: Queryable, actor: Actor, action: string, target: string, summary: string, changes?: Changes): Promise<void> {
  await q.query(
    'insert into audit_log (admin_id, admin_username, action, target, summary, ip, before, after) values ($1, $2, $3, $4, $5, $6, $7, $8)',
    [
      actor.adminId,
      actor.username.slice(0, 200),
      action,
      target.slice(0, 500),
      summary.slice(0, 2000),
      actor.ip,
      changes?.before ? JSON.stringify(changes.before) : null,
      changes?.after ? JSON.stringify(changes.after) : null,
    ],
  );
}
