// App users in the database: the paged list, its name search, one lookup.
import type { Person, PersonsList } from '@growth-admin/api-contract';
import type { Queryable, Row } from '../../db';
import { badRequest, notFound } from '../../http/errors';
import { iso, isoOrNull } from '../../db/dates';
import { likeAnywhere } from '../../db/like';

export const PERSON_COLUMNS = `id::text as "_id", custom_id as "customId", custom_name as "customName", avatar,
  money::float8 as money, point::float8 as point, platform, watcher_count as "watcherCount",
  watching_count as "watchingCount", reward_count as "rewardCount", reward_last_date as "rewardLastDate",
  is_private as "isPrivate", is_verified as "isVerified", is_business as "isBusiness", country_code as "countryCode",
  last_client_region as "lastClientRegion", project_start_list as "projectStartList", updated_at as "updatedAt",
  virtual_level as "virtualLevel"`;

export const toPerson = (r: Row) =>
  ({ ...r, rewardLastDate: isoOrNull(r.rewardLastDate), updatedAt: iso(r.updatedAt), projectStartList: r.projectStartList ?? [] }) as Person;


/** One page of users, newest first; `customName` keeps names containing it (case-insensitive). */
export async function listPersons(q: Queryable, { page, pageSize, customName }: { page: number; pageSize: number; customName?: string }): Promise<PersonsList> {
  const name = customName?.trim();
  const offset = (page - 1) * pageSize;
  let total: number;
  let rows: Row[];
  if (name) {
    const pattern = likeAnywhere(name);
    rows = await q.query(`select ${PERSON_COLUMNS} from persons where lower(custom_name) like $1 order by id desc limit $2 offset $3`, [pattern, pageSize, offset]);
    total = (await q.query<{ n: number }>('select count(*)::int as n from persons where lower(custom_name) like $1', [pattern]))[0].n;
  } else {
    // Deferred join: OFFSET walks the primary-key index only, then `pageSize` rows are read whole.
    rows = await q.query(
      `select ${PERSON_COLUMNS} from persons join (select id from persons order by id desc limit $1 offset $2) page using (id) order by id desc`,
      [pageSize, offset],
    );
    total = (await q.query<{ n: number }>('select coalesce(sum(n), 0)::int as n from person_hourly'))[0].n;
  }
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
