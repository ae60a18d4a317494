// The audit log's calls (Settings → Audit log), over shared-client's typed call and signed request.
import { call, request, type AuditFilter, type AuditPage, type AuditQuery } from '@growth-admin/shared-client';

/** GET /api/admin/audit: a page of the audit log, newest first. */
export function getAudit(query: Partial<AuditQuery>): Promise<AuditPage> {
  return call('get', '/api/admin/audit', { query: { page: 1, pageSize: 20, ...query } });
}

/**
 * GET /api/admin/audit/export.csv: every entry of the filter as a CSV file (the API streams it; the
 * export is audited). The request option `raw`: a signed call whose answer is a file, not the JSON envelope.
 */
export async function exportAuditCsv(filter: AuditFilter): Promise<Blob> {
  return (await request<Response>('GET', '/api/admin/audit/export.csv', { query: { ...filter }, raw: true })).blob();
}
