// The audit log: one row per mutating action, written in the transaction of the action itself, and
// read (never changed) through GET /audit.
import type { AuditEntry, AuditPage, AuditQuery } from '@growth-admin/api-contract';
import type { Queryable } from '../../db';
import { iso } from '../../db/dates';
import { likeAnywhere } from '../../db/like';

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

/** One page of the audit log, newest first, filtered by administrator, action and text. */
export async function listAudit(q: Queryable, query: AuditQuery): Promise<AuditPage> {
  const { page, pageSize } = query;
  const params: unknown[] = [];
  const where: string[] = [];
  if (query.admin) where.push(`admin_username = $${params.push(query.admin)}`);
  if (query.action) where.push(`action = $${params.push(query.action)}`);
  if (query.text?.trim()) {
    const i = params.push(likeAnywhere(query.text.trim()));
    where.push(`(lower(target) like $${i} or lower(summary) like $${i})`);
  }
  const sqlWhere = where.length ? `where ${where.join(' and ')}` : '';
  const [{ total }] = await q.query<{ total: number }>(`select count(*)::int as total from audit_log ${sqlWhere}`, params);
  const rows = await q.query(
    `select id::text as id, created_at as at, admin_username as "adminUsername", action, target, summary, ip
       from audit_log ${sqlWhere} order by created_at desc, id desc limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, pageSize, (page - 1) * pageSize],
  );
  return { total, page, pageSize, entries: rows.map((r) => ({ ...r, at: iso(r.at) }) as AuditEntry) };
}
