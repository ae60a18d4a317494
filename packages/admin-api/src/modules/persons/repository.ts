// App users in the database: the paged list, its name search, one lookup.
import type { Person, PersonSort, PersonsList, PersonsQuery } from '@growth-admin/api-contract';
import type { Queryable, Row } from '../../db';
import { badRequest, notFound } from '../../http/errors';
import { iso, isoOrNull } from '../../db/dates';
import { likeAnywhere } from '../../db/like';
import { readPage } from '../../db/page';

export const PERSON_COLUMNS = `id::text as "_id", custom_id as "customId", custom_name as "customName", avatar,
  money::float8 as money, point::float8 as point, platform, watcher_count as "watcherCount",
  watching_count as "watchingCount", reward_count as "rewardCount", reward_last_date as "rewardLastDate",
  is_private as "isPrivate", is_verified as "isVerified", is_business as "isBusiness", country_code as "countryCode",
  last_client_region as "lastClientRegion", project_start_list as "projectStartList", updated_at as "updatedAt",
  virtual_level as "virtualLevel"`;

export const toPerson = (r: Row) =>
  ({ ...r, rewardLastDate: isoOrNull(r.rewardLastDate), updatedAt: iso(r.updatedAt), projectStartList: r.projectStartList ?? [] }) as Person;


/** The ORDER BY of each sort the contract allows (ties by id the same way); newest users first without one. */
export const PERSON_SORT_SQL: Record<PersonSort | 'default', string> = {
  default: 'id desc',
  'money.desc': 'money desc, id desc',
  'money.asc': 'money asc, id asc',
  'updatedAt.desc': 'updated_at desc, id desc',
  'updatedAt.asc': 'updated_at asc, id asc',
};

/** The filters of the users list (and of its export). */
export type PersonFilters = Omit<PersonsQuery, 'page' | 'pageSize'>;

/** The WHERE of the users list (or its export) and, when the rollups know it, its total. */
export async function personFilter(q: Queryable, { customName, lastClientRegion }: PersonFilters): Promise<{ where: string; params: unknown[]; total: number | null }> {
  const name = customName?.trim();
  const params: unknown[] = [];
  const where: string[] = [];
  if (name) where.push(`lower(custom_name) like $${params.push(likeAnywhere(name))}`);
  if (lastClientRegion) where.push(`last_client_region = $${params.push(lastClientRegion)}`);
  // Without a name, the total comes from the hourly rollup kept by the write triggers (by region).
  const total = name
    ? null
    : (await q.query<{ n: number }>(`select coalesce(sum(n), 0)::int as n from person_hourly${lastClientRegion ? ' where region = $1' : ''}`, params))[0].n;
  return { where: where.length ? where.join(' and ') : 'true', params, total };
}

/** One page of users in the chosen order (newest first by default); `customName` keeps names containing it (case-insensitive). */
export async function listPersons(q: Queryable, query: PersonsQuery): Promise<PersonsList> {
  const { page, pageSize } = query;
  const orderBy = PERSON_SORT_SQL[query.sort ?? 'default'];
  const filter = await personFilter(q, query);
  const { rows, total } = await readPage(q, {
    table: 'persons',
    columns: PERSON_COLUMNS,
    ...filter,
    orderBy,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { total, page, pageSize, list: rows.map(toPerson) };
}

/** One user by id (customId first, then _id) or by exact customName (case-insensitive). */
export async function findPerson(q: Queryable, { id, customName }: { id?: string; customName?: string }): Promise<Person> {
  const byId = id?.trim();
  const name = customName?.trim();
  if (!byId && !name) throw badRequest('id or customName is required');
  let rows: Row[] = [];
  if (byId) {
    rows = await q.query(`select ${PERSON_COLUMNS} from persons where custom_id = $1`, [byId]);
    if (!rows[0] && /^[0-9]{1,18}$/.test(byId)) rows = await q.query(`select ${PERSON_COLUMNS} from persons where id = $1`, [byId]);
  } else {
    rows = await q.query(`select ${PERSON_COLUMNS} from persons where lower(custom_name) = lower($1) order by id limit 1`, [name]);
  }
  if (!rows[0]) throw notFound(byId ? `No user with id ${byId}` : `No user named ${name ?? ''}`, 'PERSON_NOT_FOUND');
  return toPerson(rows[0]);
}
