// Users as CSV: exactly the list's filters and sort, every page, the columns the screen shows, audited.
import { PERSON_EXPORT_COLUMNS } from '@growth-admin/api-contract';
import type { Queryable, Row } from '../../db';
import { isoOrNull } from '../../db/dates';
import { badRequest } from '../../http/errors';
import { audit, type Actor } from '../../db/audit';
import type { CsvExport } from '../exports/csvExport';
import { PERSON_COLUMNS, PERSON_SORT_SQL, personFilter, toPerson, type PersonFilters } from './repository';
import type { Person } from '@growth-admin/api-contract';

type ColumnId = (typeof PERSON_EXPORT_COLUMNS)[number];
type Cell = string | number | boolean | null;

/** Each Users column as CSV headings and cells, as the table reads them (spec 2's labels). */
const CSV_COLUMNS: Record<ColumnId, Array<[string, (p: Person) => Cell]>> = {
  user: [
    ['User ID', (p) => p.customId],
    ['Name', (p) => p.customName],
  ],
  coins: [
    ['Coins', (p) => p.money],
    ['Points', (p) => p.point],
  ],
  platform: [['Platform', (p) => p.platform]],
  followers: [['Followers', (p) => p.watcherCount]],
  following: [['Following', (p) => p.watchingCount]],
  adViews: [['Ad Views', (p) => p.rewardCount]],
  lastAdView: [['Last Ad View', (p) => p.rewardLastDate]],
  privacy: [['Privacy', (p) => (p.isPrivate ? 'Private' : 'Public')]],
  verification: [['Verification', (p) => (p.isVerified ? 'Verified' : 'Unverified')]],
  business: [['Business Status', (p) => (p.isBusiness ? 'Business' : 'Personal')]],
  location: [
    ['Country', (p) => p.countryCode],
    ['Region', (p) => p.lastClientRegion],
  ],
  usedApps: [['Used Apps', (p) => p.projectStartList.join('; ')]],
  lastUpdated: [['Last Updated', (p) => isoOrNull(p.updatedAt)]],
  actions: [], // buttons, no data
};

const DEFAULT_COLUMNS: ColumnId[] = ['user', 'coins', 'platform', 'lastUpdated'];

/** The asked columns in the table's order, the user always first; an unknown one is a 400 naming it. */
export function exportColumns(list: string | undefined): ColumnId[] {
  if (!list) return DEFAULT_COLUMNS;
  const asked = list.split(',');
  const unknown = asked.find((id) => !(PERSON_EXPORT_COLUMNS as readonly string[]).includes(id));
  if (unknown) throw badRequest(`columns: "${unknown}" is not a Users column`);
  return PERSON_EXPORT_COLUMNS.filter((id) => id === 'user' || asked.includes(id));
}

export async function personExport(q: Queryable, actor: Actor, query: PersonFilters & { columns?: string }): Promise<CsvExport> {
  const { columns, ...filters } = query;
  const chosen = exportColumns(columns).flatMap((id) => CSV_COLUMNS[id]);
  const filter = await personFilter(q, filters);
  const total = filter.total ?? (await q.query<{ n: number }>(`select count(*)::int as n from persons where ${filter.where}`, filter.params))[0].n;
  const order = PERSON_SORT_SQL[filters.sort ?? 'default'];
  const [sortColumn, direction] = order.split(/[ ,]/);
  await audit(q, actor, 'person.export', 'persons', `Exported ${total} users as CSV (${JSON.stringify(query)})`);
  return {
    name: 'users',
    total,
    header: chosen.map(([heading]) => heading),
    query: { columns: PERSON_COLUMNS, table: 'persons', where: filter.where, params: filter.params, sortColumn, descending: direction === 'desc' },
    toCells: (row: Row) => {
      const person = toPerson(row);
      return chosen.map(([, cell]) => cell(person));
    },
  };
}
