// The audit log as CSV (RFC 4180: every cell quoted, quotes doubled, CRLF rows), safe to open in a
// spreadsheet: a cell starting with = + - @ (or a tab or carriage return) gets a leading apostrophe,
// so it is shown as text and never run as a formula (OWASP "CSV injection").
import type { AuditEntry } from '@growth-admin/api-contract';

export const AUDIT_CSV_COLUMNS = ['time', 'administrator', 'action', 'target', 'summary', 'ip', 'before', 'after'] as const;

export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const json = (v: Record<string, unknown> | null) => (v ? JSON.stringify(v) : '');

export const csvRow = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

export const auditCsvRow = (e: AuditEntry) => csvRow([e.at, e.adminUsername, e.action, e.target, e.summary, e.ip, json(e.before), json(e.after)]);
