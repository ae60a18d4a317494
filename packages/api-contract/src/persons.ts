// App users (persons, spec 3): list, search, one lookup, adding coins.
import { Type } from '@sinclair/typebox';
import { IDEMPOTENCY_KEY_REUSED, STEP_UP_REQUIRED, IdempotencyHeaders, Id, route } from './route';

export const Person = Type.Object(
  {
    _id: Type.String(),
    customId: Type.String({ description: 'The user ID the screens show' }),
    customName: Type.String(),
    avatar: Type.String({ description: 'Image URL as the app reported it' }),
    money: Type.Number({ description: 'Coin balance' }),
    point: Type.Number(),
    platform: Type.String({ description: 'iOS or Android, as the app reported it' }),
    watcherCount: Type.Number({ description: 'Followers' }),
    watchingCount: Type.Number({ description: 'Following' }),
    rewardCount: Type.Number({ description: 'Ad views' }),
    rewardLastDate: Type.Union([Type.String(), Type.Null()], { description: 'Last ad view (ISO 8601), null when none' }),
    isPrivate: Type.Boolean(),
    isVerified: Type.Boolean(),
    isBusiness: Type.Boolean(),
    countryCode: Type.String(),
    lastClientRegion: Type.String(),
    projectStartList: Type.Array(Type.String(), { description: 'Names of the apps the user has used' }),
    updatedAt: Type.String({ description: 'Last activity (ISO 8601)' }),
    virtualLevel: Type.Number(),
  },
  { $id: 'Person', additionalProperties: false },
);

export const PersonsList = Type.Object({
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  list: Type.Array(Person),
});

/** The orders of the users list: coin balance or last activity, either way; newest users first without one. */
export const PERSON_SORTS = ['money.desc', 'money.asc', 'updatedAt.desc', 'updatedAt.asc'] as const;

/** The filters and sort of the users list (the export takes exactly these). */
export const PersonsFilters = {
  customName: Type.Optional(Type.String({ maxLength: 100 })),
  lastClientRegion: Type.Optional(Type.String({ pattern: '^[A-Za-z]{1,16}$', description: 'Exact region code the app last reported (NA, EU, AME, LA, AP)' })),
  sort: Type.Optional(
    Type.Unsafe<(typeof PERSON_SORTS)[number]>({ type: 'string', enum: [...PERSON_SORTS], description: 'field.direction; ties by _id the same way. Default: newest users first' }),
  ),
};

const PERSON_NOT_FOUND = { status: 404, code: 'PERSON_NOT_FOUND', when: 'no user matches' } as const;

export const listPersons = route({
  method: 'GET',
  path: '/api/admin/persons/list',
  operationId: 'listPersons',
  tag: 'persons',
  summary: 'List users',
  description:
    'Users newest first unless `sort` says otherwise, one page at a time; `customName` keeps those whose name contains it anywhere (case-insensitive; `%` and `_` match literally), `lastClientRegion` those of that region.',
  access: 'admin',
  querystring: Type.Object(
    {
      page: Type.Integer({ minimum: 1, maximum: 100000, default: 1, description: 'One-based' }),
      pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
      ...PersonsFilters,
    },
    { additionalProperties: false },
  ),
  data: PersonsList,
});

export const queryPerson = route({
  method: 'GET',
  path: '/api/admin/persons/query',
  operationId: 'queryPerson',
  tag: 'persons',
  summary: 'Find one user',
  description: 'By `id` (the customId first, then the _id) or by exact `customName` (case-insensitive); one of the two is required.',
  access: 'admin',
  querystring: Type.Object(
    {
      id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
      customName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    },
    { additionalProperties: false },
  ),
  data: Person,
  errors: [PERSON_NOT_FOUND],
});

export const addMoney = route({
  method: 'POST',
  path: '/api/admin/persons/add-money',
  operationId: 'addMoney',
  tag: 'persons',
  summary: 'Add coins to a user',
  description:
    'Adds a whole number of coins (1 to 1,000,000) atomically, with one ledger row and one audit row; answers the user with the new balance. Send an Idempotency-Key so a retry cannot add the coins twice. More than the step-up amount (default 10,000) needs the password entered in the last 5 minutes (403 STEP_UP_REQUIRED).',
  access: 'admin',
  role: 'operator',
  headers: IdempotencyHeaders,
  body: Type.Object({ personId: Id('The person _id'), amount: Type.Integer({ minimum: 1, maximum: 1_000_000 }) }, { additionalProperties: false }),
  data: Person,
  errors: [PERSON_NOT_FOUND, IDEMPOTENCY_KEY_REUSED, STEP_UP_REQUIRED],
});

/** The Users table's columns (its Customize Columns ids) an export can hold; `user` is always there. */
export const PERSON_EXPORT_COLUMNS = ['user', 'coins', 'platform', 'followers', 'following', 'adViews', 'lastAdView', 'privacy', 'verification', 'business', 'location', 'usedApps', 'lastUpdated', 'actions'] as const;

export const exportPersons = route({
  method: 'GET',
  path: '/api/admin/persons/export',
  operationId: 'exportPersons',
  tag: 'persons',
  summary: 'Export users as CSV',
  description:
    'The whole users list as CSV (UTF-8 with a byte-order mark, CRLF records), exactly as `persons/list` filters and sorts it, every page, with the columns the screen shows (`columns`: the Customize Columns ids, comma-separated; default user, coins, platform, lastUpdated; user is always included, actions has no data). Streamed in keyset batches (bounded memory); `X-Total-Count` gives the rows to expect. Text that a spreadsheet would run as a formula is prefixed with an apostrophe. Each export is audited (person.export).',
  access: 'admin',
  querystring: Type.Object(
    {
      ...PersonsFilters,
      columns: Type.Optional(Type.String({ pattern: '^[A-Za-z]{1,20}(,[A-Za-z]{1,20}){0,19}$', description: `Comma-separated, of ${PERSON_EXPORT_COLUMNS.join(', ')}` })),
    },
    { additionalProperties: false },
  ),
  data: null,
  raw: { status: 200, contentType: 'text/csv', description: 'The CSV file (attachment)' },
  errors: [{ status: 400, code: 'VALIDATION_ERROR', when: 'columns names a column the Users table does not have' }],
});
