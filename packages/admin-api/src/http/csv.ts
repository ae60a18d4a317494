// The one CSV writer of every export (orders, payments, users, audit log): RFC 4180, safe to open in
// a spreadsheet. The data comes from app users, who may be hostile.

export type CsvValue = string | number | boolean | null | undefined;

/** A cell a spreadsheet would run as a formula (OWASP CSV injection): = + - @, tab and carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell. Text is always quoted, its quotes doubled (a reader never has to guess where a cell with
 * a comma or a line break ends), and text that starts like a formula gets a leading apostrophe, so a
 * spreadsheet shows it and never runs it. Numbers and booleans are ours, written bare; a missing
 * value is an empty cell.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/** One record, CRLF-terminated. */
export const csvRow = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The records of a CSV text as a spreadsheet reads them (RFC 4180: quoted cells may hold commas,
 * doubled quotes and line breaks). For tests and tools that check an export.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || record.length || quoted) throw new Error('the CSV does not end with a complete record');
  return records;
}
