import {
  addRow,
  editAmount,
  editCode,
  limitsFromRows,
  normaliseCode,
  removeRow,
  rowsFromLimits,
  validateIapRows,
  type IapRow,
} from './iapLimits';

const row = (code: string, amount: string, key = code || 'blank'): IapRow => ({ key, code, amount });

describe('IAP country limits', () => {
  it('loads rows from the saved map and adds a blank row', () => {
    const rows = rowsFromLimits({ US: 100, CN: 0 });
    expect(rows.map(({ code, amount }) => [code, amount])).toEqual([
      ['US', '100'],
      ['CN', '0'],
    ]);
    const added = addRow(rows);
    expect(added).toHaveLength(3);
    expect(added[2]).toMatchObject({ code: '', amount: '' });
    expect(new Set(added.map((r) => r.key)).size).toBe(3);
  });

  it('upper-cases codes as typed and keeps at most 2 letters', () => {
    expect(normaliseCode('us')).toBe('US');
    expect(normaliseCode('gbr')).toBe('GB');
    expect(normaliseCode('d1e')).toBe('DE');
    const rows = editCode([row('', '', 'a')], 'a', 'fr');
    expect(rows).toEqual([{ key: 'a', code: 'FR', amount: '' }]);
  });

  it('drops a row whose code is emptied by an edit', () => {
    const rows = [row('US', '5', 'a'), row('FR', '1', 'b')];
    expect(editCode(rows, 'a', '')).toEqual([row('FR', '1', 'b')]);
  });

  it('edits and removes rows by key', () => {
    const rows = [row('US', '5', 'a'), row('FR', '1', 'b')];
    expect(editAmount(rows, 'b', '2.5')[1].amount).toBe('2.5');
    expect(removeRow(rows, 'a')).toEqual([row('FR', '1', 'b')]);
  });

  it('builds the map: 0 kept (disables IAP), empty amount and empty code left out (unlimited)', () => {
    const rows = [row('US', '12.34'), row('CN', '0'), row('FR', ''), row('', '')];
    expect(limitsFromRows(rows)).toEqual({ US: 12.34, CN: 0 });
  });

  describe('validation', () => {
    it('accepts valid rows and blank rows', () => {
      expect(validateIapRows([row('US', '0'), row('FR', '9.99'), row('DE', ''), row('', '')])).toEqual({});
    });

    it('refuses duplicate codes on the later row', () => {
      expect(validateIapRows([row('US', '1', 'a'), row('US', '2', 'b')])).toEqual({
        b: { code: 'US is already listed' },
      });
    });

    it('asks for a 2-letter code', () => {
      expect(validateIapRows([row('U', '1', 'a'), row('', '3', 'b')])).toEqual({
        a: { code: 'Country code must be 2 letters' },
        b: { code: 'Enter a 2-letter country code' },
      });
    });

    it('refuses negative, non-numeric and over-precise amounts', () => {
      expect(validateIapRows([row('US', '-1'), row('FR', 'abc'), row('DE', '1.005')])).toEqual({
        US: { amount: 'Amount must be 0 or more' },
        FR: { amount: 'Amount must be a number' },
        DE: { amount: 'Use at most 2 decimal places (e.g. 9.99)' },
      });
    });
  });
});
