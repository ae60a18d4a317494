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
  if (cell || record.length) throw new Error('the CSV does not end with a complete record');
  return records;
}
