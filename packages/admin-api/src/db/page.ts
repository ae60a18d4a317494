// One page of a filtered, sorted list, and the list's total, for every paged list of the API.
import type { Queryable, Row } from './types';

export interface PageQuery {
  table: string;
  /** The columns of a row as the API answers it. */
  columns: string;
  /** The list's filter, its values as parameters `$1…`. */
  where: string;
  params: unknown[];
  /** The list's ORDER BY (ties broken by id, so pages never overlap). */
  orderBy: string;
  /** The ORDER BY that picks the page's ids, when it must read differently (same order). */
  pickOrderBy?: string;
  limit: number;
  offset: number;
  /** The total when the rollups know it; null: counted. */
  total: number | null;
}

/**
 * Deferred join: the page's ids come from an index scan (OFFSET skips index entries, not heap
 * rows), then only those `limit` rows are read whole. Keeps deep pages cheap.
 */
export async function readPage(q: Queryable, p: PageQuery): Promise<{ rows: Row[]; total: number }> {
  const params = [...p.params];
  const limitAt = params.push(p.limit);
  const offsetAt = params.push(p.offset);
  const rows = await q.query(
    `select ${p.columns} from ${p.table} join (
       select id from ${p.table} where ${p.where} order by ${p.pickOrderBy ?? p.orderBy} limit $${limitAt} offset $${offsetAt}
     ) page using (id) order by ${p.orderBy}`,
    params,
  );
  const total = p.total ?? (await q.query<{ n: number }>(`select count(*)::int as n from ${p.table} where ${p.where}`, p.params))[0].n;
  return { rows, total };
}
