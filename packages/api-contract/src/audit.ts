// The audit log: read only. Every change is written in the transaction of the change;
// no route changes or deletes an entry.
import { Type } from '@sinclair/typebox';
import { Instant } from './dates';
import { route } from './route';

export const AuditEntry = Type.Object({
  id: Type.String(),
  at: Type.String(),
  adminUsername: Type.String(),
  action: Type.String({ description: 'e.g. login, person.add-money, order.refund, admin.update' }),
  target: Type.String(),
  summary: Type.String(),
  ip: Type.String(),
  before: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], { description: 'For a change: the fields it changed, as they were (null when it created something, or is no change)' }),
  after: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], { description: 'For a change: the same fields as they became (null when it deleted something)' }),
});

const AuditFilterFields = {
  admin: Type.Optional(Type.String({ maxLength: 100, description: 'Exact username' })),
  action: Type.Optional(Type.String({ maxLength: 100, description: 'Exact action' })),
  target: Type.Optional(Type.String({ maxLength: 500, description: 'Exact target (`order:123`), or every target of a kind when it ends with a colon (`order:`)' })),
  from: Type.Optional(Instant('Entries at or after this time (ISO 8601 with a zone, e.g. 2026-11-23T00:00:00Z)')),
  to: Type.Optional(Instant('Entries before this time (ISO 8601 with a zone)')),
  text: Type.Optional(Type.String({ maxLength: 200, description: 'Any part of the target or the summary, case-insensitive' })),
};

export const AuditQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 100000, default: 1, description: 'One-based' }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    ...AuditFilterFields,
  },
  { additionalProperties: false },
);

export const listAudit = route({
  method: 'GET',
  path: '/api/admin/audit',
  operationId: 'listAudit',
  tag: 'audit',
  summary: 'Read the audit log',
  description: 'Newest first, filtered by administrator, action, target, a date range and text. Read only: no route changes or deletes an entry, and the database refuses it (a trigger).',
  access: 'admin',
  querystring: AuditQuery,
  data: Type.Object({ total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer(), entries: Type.Array(AuditEntry) }),
});

export const AuditExportQuery = Type.Object(AuditFilterFields, { additionalProperties: false });

export const exportAudit = route({
  method: 'GET',
  path: '/api/admin/audit/export.csv',
  operationId: 'exportAudit',
  tag: 'audit',
  summary: 'Export the audit log as CSV',
  description:
    'Every entry matching the filter (the same as the list’s, without paging), newest first, streamed as CSV (UTF-8, RFC 4180; columns time, administrator, action, target, summary, ip, before, after; a cell starting with = + - @ is prefixed with an apostrophe so a spreadsheet never runs it). The export itself is audited (audit.export) first.',
  access: 'admin',
  querystring: AuditExportQuery,
  data: null,
  raw: { status: 200, contentType: 'text/csv', description: 'The CSV file (Content-Disposition: attachment)' },
});
