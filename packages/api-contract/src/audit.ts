// The audit log (issue 14): read only. Every change is written in the transaction of the change;
// no route changes or deletes an entry.
import { Type } from '@sinclair/typebox';
import { route } from './route';

export const AuditEntry = Type.Object({
  id: Type.String(),
  at: Type.String(),
  adminUsername: Type.String(),
  action: Type.String({ description: 'e.g. login, person.add-money, order.refund, admin.update' }),
  target: Type.String(),
  summary: Type.String(),
  ip: Type.String(),
});

export const AuditQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 100000, default: 1, description: 'One-based' }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    admin: Type.Optional(Type.String({ maxLength: 100, description: 'Exact username' })),
    action: Type.Optional(Type.String({ maxLength: 100, description: 'Exact action' })),
    text: Type.Optional(Type.String({ maxLength: 200, description: 'Any part of the target or the summary, case-insensitive' })),
  },
  { additionalProperties: false },
);

export const listAudit = route({
  method: 'GET',
  path: '/api/admin/audit',
  operationId: 'listAudit',
  tag: 'audit',
  summary: 'Read the audit log',
  description: 'Newest first, filtered by administrator, action and text.',
  access: 'admin',
  querystring: AuditQuery,
  data: Type.Object({ total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer(), entries: Type.Array(AuditEntry) }),
});
