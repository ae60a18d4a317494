// Pure display helpers shared by several remotes (spec 9).
import dayjs from 'dayjs';
import type { ProductType } from './types';

/** Spec 9's 'MMM d, yyyy HH:mm', in dayjs tokens. */
export const DATE_FORMAT = 'MMM D, YYYY HH:mm';

/** 'Never' when missing, 'Invalid date' when unparsable, else e.g. 'Nov 21, 2026 14:05'. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'Never';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : 'Invalid date';
}

/** Money to 2 decimals; missing or non-finite values show '0.00'. */
export function formatMoney(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n.toFixed(2) : '0.00';
}

/** Zero-pads to 12 digits (build and check numbers); longer numbers are left whole. */
export function padNumber12(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return '0'.padStart(12, '0');
  const digits = String(Math.trunc(Math.abs(n))).padStart(12, '0');
  return n < 0 ? `-${digits}` : digits;
}

/** heart → Like, watch → Follow, anything else as it is. */
export function orderTypeLabel(productType: ProductType | null | undefined): string {
  if (productType === 'heart') return 'Like';
  if (productType === 'watch') return 'Follow';
  return productType ?? '';
}
