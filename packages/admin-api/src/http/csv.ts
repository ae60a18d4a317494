// CSV as RFC 4180 reads it, safe to open in a spreadsheet: the data comes from app users, who may
// be hostile.

/** A cell a spreadsheet would run as a formula (OWASP CSV injection): = + - @, tab and carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: text that starts like a formula gets a leading apostrophe (shown as text, never run);
 * a cell with a quote, a comma or a line break is quoted, its quotes doubled. Numbers and booleans
 * are ours, written as they are.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated. */
export const csvRow = (cells: ReadonlyArray<string | number | boolean | null | undefined>): string => `${cells.map(csvCell).join(',')}\r\n`;
