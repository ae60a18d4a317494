import { audit as auditContract, type AuditEntry, type AuditFilter } from '@growth-admin/api-contract';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../http/deps';
import { actorOf } from '../../http/actor';
import { serve } from '../../http/serve';
import { sendCsvStream } from '../exports/csvExport';
import { audit } from '../../db/audit';
import { auditEntries, listAudit } from './repository';

export const AUDIT_CSV_COLUMNS = ['time', 'administrator', 'action', 'target', 'summary', 'ip', 'before', 'after'] as const;

const json = (v: Record<string, unknown> | null) => (v ? JSON.stringify(v) : '');
const auditCells = (e: AuditEntry) => [e.at, e.adminUsername, e.action, e.target, e.summary, e.ip, json(e.before), json(e.after)];

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
    async function* records() {
      for await (const batch of auditEntries(db, filter)) yield batch.map(auditCells);
    }
    return sendCsvStream(reply, { name: 'audit-log', header: AUDIT_CSV_COLUMNS, batches: records() });
  });
}
