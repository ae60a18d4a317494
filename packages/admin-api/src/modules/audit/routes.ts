import { Readable } from 'node:stream';
import { audit as auditContract, type AuditFilter } from '@growth-admin/api-contract';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../http/deps';
import { actorOf } from '../../http/actor';
import { serve } from '../../http/serve';
import { AUDIT_CSV_COLUMNS, auditCsvRow, csvRow } from './csv';
import { audit, auditEntries, listAudit } from './repository';

/** The filter in words, for the export's own audit entry. */
const describe = (filter: AuditFilter) =>
  Object.entries(filter)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(', ') || 'none';

export function auditRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  serve(app, auditContract.listAudit, async (req) => ({ data: await listAudit(db, req.query) }));

  // Every matching entry, streamed batch by batch; the export is itself audited, first.
  serve(app, auditContract.exportAudit, async (req, reply) => {
    const filter = req.query;
    await audit(db, actorOf(req), 'audit.export', 'audit', `Exported the audit log as CSV (filter: ${describe(filter)})`);
    async function* lines() {
      yield `\ufeff${csvRow(AUDIT_CSV_COLUMNS)}`; // the BOM: spreadsheets read the file as UTF-8
      for await (const batch of auditEntries(db, filter)) yield batch.map(auditCsvRow).join('');
    }
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="audit-log-${day}.csv"`)
      .send(Readable.from(lines()));
  });
}
