// The audit log read (never changed) through GET /audit; its rows are written by every module of
// both products in the transaction of the action itself (src/db/audit.ts).
import type { AuditEntry, AuditPage, AuditQuery } from '@growth-admin/api-contract';
import type { Queryable } from '../../db';
import { iso } from '../../db/dates';
import { likeAnywhere } from '../../db/like';
import { instantParam } from '../../http/dates';

/** The filter part of an audit query (every field optional). */
export type AuditFilter = Omit<AuditQuery, 'page' | 'pageSize'>;

/**
 * The WHERE clause of a filter: administrator and action exact; target exact, or every target of a
 * kind when it ends with ':' ('order:'); from inclusive, to exclusive; text in the target or summary.
 */
function whereOf(filter: AuditFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const where: string[] = [];
  if (filter.admin) where.push(`admin_username = $${params.push(filter.admin)}`);
  if (filter.action) where.push(`action = $${params.push(filter.action)}`);
  if (filter.target) {
    where.push(filter.target.endsWith(':') ? `starts_with(target, $${params.push(filter.target)})` : `target = $${params.push(filter.target)}`);
  }
  if (filter.from) where.push(`created_at >= $${params.push(instantParam('from', filter.from).toISOString())}::timestamptz`);
  if (filter.to) where.push(`created_at < $${params.push(instantParam('to', filter.to).toISOString())}::timestamptz`);
  if (filter.text?.trim()) {
    const i = params.push(likeAnywhere(filter.text.trim()));
    where.push(`(lower(target) like $${i} or lower(summary) like $${i})`);
  }
  return { sql: where.length ? `where ${where.join(' and ')}` : '', params };
}

// (ORDER BY names the table's columns: a bare `id` would be the text alias below and sort "99" after "989".)
const ENTRY_COLUMNS = `id::text as id, created_at as at, admin_username as "adminUsername", action, target, summary, ip, before, after`;
const parsed = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as Record<string, unknown>) : ((v ?? null) as Record<string, unknown> | null));
const toEntry = (r: Record<string, unknown>) => ({ ...r, at: iso(r.at), before: parsed(r.before), after: parsed(r.after) }) as AuditEntry;

/** One page of the audit log, newest first, filtered by administrator, action, target, dates and text. */
export async function listAudit(q: Queryable, query: AuditQuery): Promise<AuditPage> {
  const { page, pageSize } = query;
  const { sql, params } = whereOf(query);
  const [{ total }] = await q.query<{ total: number }>(`select count(*)::int as total from audit_log ${sql}`, params);
  const rows = await q.query(`select ${ENTRY_COLUMNS} from audit_log ${sql} order by audit_log.created_at desc, audit_log.id desc limit $${params.length + 1} offset $${params.length + 2}`, [
    ...params,
    pageSize,
    (page - 1) * pageSize,
  ]);
  return { total, page, pageSize, entries: rows.map(toEntry) };
}

/**
 * Every entry matching `filter`, newest first, in batches (keyset paging on created_at and id, so a
 * large export never holds the whole log in memory nor re-reads skipped rows).
 */
export async function* auditEntries(q: Queryable, filter: AuditFilter, batch = 500): AsyncGenerator<AuditEntry[]> {
  const { sql, params } = whereOf(filter);
  let after: { at: unknown; id: string } | null = null;
  for (;;) {
    const p = [...params];
    // (created_at as text: a JS Date would drop the microseconds and skip rows.)
    const keyset: string = after ? `${sql ? `${sql} and` : 'where'} (created_at, id) < ($${p.push(after.at)}::timestamptz, $${p.push(after.id)}::bigint)` : sql;
    const rows: Record<string, unknown>[] = await q.query(`select ${ENTRY_COLUMNS}, created_at::text as raw_at from audit_log ${keyset} order by audit_log.created_at desc, audit_log.id desc limit $${p.push(batch)}`, p);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1];
    after = { at: last.raw_at, id: String(last.id) };
    yield rows.map(({ raw_at: _, ...r }) => toEntry(r));
    if (rows.length < batch) return;
  }
}
