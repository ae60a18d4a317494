// A list's sort in its URL (`sort=paymentMoney.desc`) and in an antd Table's sortable columns. One
// parameter for every list, so a link from a chart or a colleague reads the same everywhere.

export type SortOrder = 'asc' | 'desc';

export interface ListSort<F extends string = string> {
  field: F;
  order: SortOrder;
}

/** `paymentMoney.desc` → { field: 'paymentMoney', order: 'desc' }; anything else (unknown field, no order) → null: the list's default order. */
export function parseSort<F extends string>(value: string | null, fields: readonly F[]): ListSort<F> | null {
  const match = /^([A-Za-z]+)\.(asc|desc)$/.exec(value ?? '');
  if (!match || !fields.includes(match[1] as F)) return null;
  return { field: match[1] as F, order: match[2] as SortOrder };
}

/** The URL (and API) value of a sort: `field.order`. */
export const formatSort = ({ field, order }: ListSort): string => `${field}.${order}`;

/** The `sortOrder` an antd column shows for `field` (controlled: the URL is the one truth). */
export function columnSortOrder(sort: ListSort | null, field: string): 'ascend' | 'descend' | null {
  if (!sort || sort.field !== field) return null;
  return sort.order === 'asc' ? 'ascend' : 'descend';
}

/** The sort an antd Table's onChange reports (one column sorted, or none: back to the default). */
export function sortFromTable<F extends string>(
  sorter: { columnKey?: unknown; order?: 'ascend' | 'descend' | null } | Array<{ columnKey?: unknown; order?: 'ascend' | 'descend' | null }>,
  fields: readonly F[],
): ListSort<F> | null {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  const field = String(one?.columnKey ?? '') as F;
  if (!one?.order || !fields.includes(field)) return null;
  return { field, order: one.order === 'ascend' ? 'asc' : 'desc' };
}
