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

const PERSON_NOT_FOUND = { status: 404, code: 'PERSON_NOT_FOUND', when: 'no user matches' } as const;

export const listPersons = route({
  method: 'GET',
  path: '/api/admin/persons/list',
  operationId: 'listPersons',
  tag: 'persons',
  summary: 'List users',
  description: 'Users newest first, one page at a time; `customName` keeps those whose name contains it anywhere (case-insensitive; `%` and `_` match literally).',
  access: 'admin',
  querystring: Type.Object(
    {
      page: Type.Integer({ minimum: 1, maximum: 100000, default: 1, description: 'One-based' }),
      pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
      customName: Type.Optional(Type.String({ maxLength: 100 })),
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
