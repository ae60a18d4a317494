// CSP violation reports sent by the browsers of administrators (the pages' `report-uri` and
// `report-to`). The endpoint is public (a browser sends reports without our headers), so what it
// takes is bounded: small bodies, a few fields cut to length, a per-address and a global rate, and
// a table that keeps the newest CSP_REPORTS_KEPT rows.
import type { Queryable } from '../../db';

export const CSP_REPORTS_KEPT = 2000;
const FIELD_MAX = 500;

export interface CspReport {
  documentUrl: string;
  directive: string;
  blockedUrl: string;
  sourceFile: string;
  line: number | null;
  column: number | null;
  sample: string;
  disposition: string;
}

type Json = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v.slice(0, FIELD_MAX) : typeof v === 'number' ? String(v) : '');
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 2 ** 31 ? v : null);

/** One report from either format: `{ "csp-report": {...} }` (report-uri) or a Reporting API entry. */
function fromOne(entry: Json): CspReport | null {
  const legacy = entry['csp-report'];
  if (legacy && typeof legacy === 'object') {
    const r = legacy as Json;
    return {
      documentUrl: str(r['document-uri']),
      directive: str(r['effective-directive'] ?? r['violated-directive']),
      blockedUrl: str(r['blocked-uri']),
      sourceFile: str(r['source-file']),
      line: int(r['line-number']),
      column: int(r['column-number']),
      sample: str(r['script-sample']),
      disposition: str(r.disposition),
    };
  }
  if (entry.type === 'csp-violation' && entry.body && typeof entry.body === 'object') {
    const b = entry.body as Json;
    return {
      documentUrl: str(b.documentURL),
      directive: str(b.effectiveDirective),
      blockedUrl: str(b.blockedURL),
      sourceFile: str(b.sourceFile),
      line: int(b.lineNumber),
      column: int(b.columnNumber),
      sample: str(b.sample),
      disposition: str(b.disposition),
    };
  }
  return null;
}

/**
 * The CSP reports in a request body, at most 10 (other report types are skipped); null when the
 * body is not a report or a list of reports.
 */
export function parseCspReports(body: unknown): CspReport[] | null {
  const entries = Array.isArray(body) ? body : [body];
  if (!entries.every((e) => !!e && typeof e === 'object' && !Array.isArray(e))) return null;
  return (entries as Json[])
    .slice(0, 10)
    .map(fromOne)
    .filter((r): r is CspReport => r !== null && r.directive !== '');
}

export async function storeCspReports(q: Queryable, reports: CspReport[], ip: string, userAgent: string): Promise<void> {
  for (const r of reports) {
    await q.query(
      `insert into csp_reports (document_url, directive, blocked_url, source_file, line, col, sample, disposition, ip, user_agent)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [r.documentUrl, r.directive, r.blockedUrl, r.sourceFile, r.line, r.column, r.sample, r.disposition, ip, userAgent.slice(0, FIELD_MAX)],
    );
  }
}

/** Keeps the newest CSP_REPORTS_KEPT reports (housekeeping). */
export async function trimCspReports(q: Queryable): Promise<void> {
  await q.query('delete from csp_reports where id <= (select id from csp_reports order by id desc offset $1 limit 1)', [CSP_REPORTS_KEPT]);
}

export interface StoredCspReport extends CspReport {
  id: string;
  receivedAt: string;
  ip: string;
  userAgent: string;
}

export async function listCspReports(q: Queryable, limit: number): Promise<{ total: number; reports: StoredCspReport[] }> {
  const rows = await q.query<Omit<StoredCspReport, 'receivedAt'> & { receivedAt: Date } & Record<string, unknown>>(
    `select id::text as id, received_at as "receivedAt", document_url as "documentUrl", directive, blocked_url as "blockedUrl",
            source_file as "sourceFile", line, col as "column", sample, disposition, ip, user_agent as "userAgent"
       from csp_reports order by id desc limit $1`,
    [limit],
  );
  const [{ n }] = await q.query<{ n: number }>('select count(*)::int as n from csp_reports');
  return { total: n, reports: rows.map((r) => ({ ...r, receivedAt: new Date(r.receivedAt).toISOString() })) };
}
