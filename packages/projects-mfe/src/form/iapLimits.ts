// The IAP Country Revenue Limits editor as plain data: rows of country code + amount
// (USD per 24 h). 0 disables in-app purchase in that country; a country with no entry is unlimited.

export interface IapRow {
  /** Stable React key; a row's code changes while it is typed, so it cannot be the key. */
  key: string;
  code: string;
  /** As typed: '' means "no limit", which removes the entry from the saved map. */
  amount: string;
}

export interface IapRowErrors {
  code?: string;
  amount?: string;
}

let rowSeq = 0;
const nextKey = (): string => `iap-${++rowSeq}`;

export function rowsFromLimits(limits: Record<string, number> | null | undefined): IapRow[] {
  return Object.entries(limits ?? {}).map(([code, amount]) => ({ key: nextKey(), code, amount: String(amount) }));
}

export function addRow(rows: readonly IapRow[]): IapRow[] {
  return [...rows, { key: nextKey(), code: '', amount: '' }];
}

export function removeRow(rows: readonly IapRow[], key: string): IapRow[] {
  return rows.filter((row) => row.key !== key);
}

/** Country codes are 2 letters, upper-cased as typed; anything else is ignored. */
export function normaliseCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 2);
}

/** Edits a row's code; a code emptied by the edit drops the row (spec 5). */
export function editCode(rows: readonly IapRow[], key: string, input: string): IapRow[] {
  const code = normaliseCode(input);
  if (!code) return removeRow(rows, key);
  return rows.map((row) => (row.key === key ? { ...row, code } : row));
}

export function editAmount(rows: readonly IapRow[], key: string, input: string): IapRow[] {
  return rows.map((row) => (row.key === key ? { ...row, amount: input } : row));
}

const CODE_PATTERN = /^[A-Z]{2}$/;
const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;

/** Messages per row key; an empty object means the rows can be saved. */
export function validateIapRows(rows: readonly IapRow[]): Record<string, IapRowErrors> {
  const errors: Record<string, IapRowErrors> = {};
  const seen = new Set<string>();
  for (const row of rows) {
    const rowErrors: IapRowErrors = {};
    const amount = row.amount.trim();
    if (!row.code) {
      // A blank row is simply left out; a blank code with an amount would silently lose the amount.
      if (amount) rowErrors.code = 'Enter a 2-letter country code';
    } else if (!CODE_PATTERN.test(row.code)) {
      rowErrors.code = 'Country code must be 2 letters';
    } else if (seen.has(row.code)) {
      rowErrors.code = `${row.code} is already listed`;
    } else {
      seen.add(row.code);
    }
    if (amount) {
      const value = Number(amount);
      if (!Number.isFinite(value)) rowErrors.amount = 'Amount must be a number';
      else if (value < 0) rowErrors.amount = 'Amount must be 0 or more';
      else if (!AMOUNT_PATTERN.test(amount)) rowErrors.amount = 'Use at most 2 decimal places (e.g. 9.99)';
    }
    if (rowErrors.code || rowErrors.amount) errors[row.key] = rowErrors;
  }
  return errors;
}

/** The map to save: rows with an empty code or an empty amount are left out (= unlimited). */
export function limitsFromRows(rows: readonly IapRow[]): Record<string, number> {
  const limits: Record<string, number> = {};
  for (const row of rows) {
    const amount = row.amount.trim();
    if (!row.code || !amount) continue;
    const value = Number(amount);
    if (Number.isFinite(value)) limits[row.code] = value;
  }
  return limits;
}
