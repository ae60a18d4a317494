// Pure display helpers shared by several remotes (spec 9).
import dayjs from 'dayjs';

/** heart (Like), watch (Follow), or any other type an app sends. */
export type ProductType = 'heart' | 'watch' | (string & {});

/** Spec 9's 'MMM d, yyyy HH:mm', in dayjs tokens. */
export const DATE_FORMAT = 'MMM D, YYYY HH:mm';

// dayjs reads 'YYYY-MM-DD…' and 'YYYYMMDD…' strings field by field and lets impossible values
// roll over ('2026-13-45' becomes Feb 14, 2027; '1700000000000' Nov 30, 1699): reject those.
const DATE_FIELDS = /^(\d{4})[-/]?(\d{2})[-/]?(\d{2})/;

function hasImpossibleDay(text: string): boolean {
  const match = DATE_FIELDS.exec(text.trim());
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const daysInMonth = new Date(year, month, 0).getDate();
  return month < 1 || month > 12 || day < 1 || day > daysInMonth;
}

/** 'Never' when missing, 'Invalid date' when unparsable, else e.g. 'Nov 21, 2026 14:05'. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'Never';
  if (typeof value === 'string' && hasImpossibleDay(value)) return 'Invalid date';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : 'Invalid date';
}

/** Money to 2 decimals with thousands separators ('1,234.50'); missing or non-finite values show '0.00'. */
export function formatMoney(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return '0.00';
  const fixed = n.toFixed(2);
  if (fixed === '-0.00') return '0.00'; // e.g. -0.001: zero, not minus zero
  const [whole, cents] = fixed.split('.');
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`;
}

/** Zero-pads to 12 digits (build and check numbers); longer numbers are left whole. */
export function padNumber12(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return '0'.padStart(12, '0');
  const whole = Math.trunc(n);
  // BigInt keeps every digit: String(1e21) would be '1e+21'.
  const digits = BigInt(Math.abs(whole)).toString().padStart(12, '0');
  return whole < 0 ? `-${digits}` : digits;
}

/** heart → Like, watch → Follow, anything else as it is. */
export function orderTypeLabel(productType: ProductType | null | undefined): string {
  if (productType === 'heart') return 'Like';
  if (productType === 'watch') return 'Follow';
  return productType ?? '';
}
