// Reads a whole filtered, sorted list in batches by keyset (the last row's sort key and id), never
// with OFFSET and never all at once: each batch is one short query (other requests interleave on
// PGlite's single connection) and memory holds one batch.
import type { Queryable, Row } from '../../db';

export interface KeysetQuery {
  /** The columns to read (without the keys). */
  columns: string;
  table: string;
  where: string;
  params: unknown[];
  /** The sort column (`id` alone when the list is sorted by id) and its direction; ties by id the same way. */
  sortColumn: string;
  descending: boolean;
  batchSize?: number;
}

export const EXPORT_BATCH = 2000;

export async function* keysetBatches(q: Queryable, k: KeysetQuery): AsyncGenerator<Row[]> {
  const direction = k.descending ? 'desc' : 'asc';
  const compare = k.descending ? '<' : '>';
  const byId = k.sortColumn === 'id';
  // Qualified: a read column may carry the sort column's name as its alias (money::float8 as money).
  const [sortKey, id] = [`${k.table}.${k.sortColumn}`, `${k.table}.id`];
  const orderBy = byId ? `${id} ${direction}` : `${sortKey} ${direction}, ${id} ${direction}`;
  // The sort key as text: exact for numeric and microsecond timestamps (a JS number or Date is not).
  const keys = `${byId ? '' : `${sortKey}::text as "_key", `}${id}::text as "_kid"`;
  let last: Row | null = null;
  for (;;) {
    const params = [...k.params];
    let after = '';
    if (last) {
      after = byId
        ? ` and ${id} ${compare} $${params.push(last._kid)}::bigint`
        : ` and (${sortKey}, ${id}) ${compare} ($${params.push(last._key)}, $${params.push(last._kid)}::bigint)`;
    }
    const limitAt = params.push(k.batchSize ?? EXPORT_BATCH);
    const rows = await q.query(`select ${k.columns}, ${keys} from ${k.table} where ${k.where}${after} order by ${orderBy} limit $${limitAt}`, params);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < (k.batchSize ?? EXPORT_BATCH)) return;
    last = rows[rows.length - 1];
  }
}
