// Projects: the app configurations (spec 3 and 5).
import { Type, type TOptional, type TString } from '@sinclair/typebox';
import { Id, route } from './route';

/** Spec 3's blocked region codes. */
export const REGIONS = ['NA', 'EU', 'AME', 'LA', 'AP'] as const;
/** Spec 3's six product id slots. */
export const PRODUCT_SLOTS = ['10001', '10002', '10003', '10004', '10005', '10006'] as const;
const MAX_NUMBER = 999_999_999_999;
/** One optional product id per slot, typed by slot (so the type reads `{ '10001'?: string, ... }`). */
const productSlots = Object.fromEntries(PRODUCT_SLOTS.map((s) => [s, Type.Optional(Type.String({ maxLength: 200 }))])) as {
  [S in (typeof PRODUCT_SLOTS)[number]]: TOptional<TString>;
};

/** An enum (not a union of literals), so a wrong value reads 'must be one of NA, EU, AME, LA, AP'. */
export const BlockedRegion = Type.Unsafe<(typeof REGIONS)[number]>({ type: 'string', enum: [...REGIONS] });

const fields = {
  projectName: Type.String({ minLength: 1, maxLength: 100 }),
  projectId: Type.String({ minLength: 1, maxLength: 100, description: 'Unique across projects' }),
  team: Type.String({ minLength: 1, maxLength: 50 }),
  appId: Type.Integer({ minimum: 0, maximum: MAX_NUMBER }),
  buildNumber: Type.Integer({ minimum: 0, maximum: MAX_NUMBER }),
  checkNumber: Type.Integer({ minimum: 0, maximum: MAX_NUMBER }),
  testing: Type.Boolean(),
  online: Type.Boolean(),
  enablePush: Type.Boolean(),
  enableRate: Type.Boolean(),
  blockedRegions: Type.Array(BlockedRegion, { maxItems: REGIONS.length, uniqueItems: true }),
  productIdList: Type.Object(productSlots, {
    additionalProperties: false,
    description: 'Product id per slot 10001..10006',
  }),
  iapCountryLimits: Type.Record(Type.String({ pattern: '^[A-Z]{2}$' }), Type.Number({ minimum: 0, maximum: 1_000_000_000 }), {
    additionalProperties: false,
    maxProperties: 300,
    description: 'USD per 24 h per 2-letter upper-case country code; 0 disables in-app purchase there, absent means unlimited',
  }),
};

export const Project = Type.Object({ _id: Type.String(), ...fields }, { $id: 'Project', additionalProperties: false });

const { testing, online, enablePush, enableRate, blockedRegions, productIdList, iapCountryLimits, ...required } = fields;
/** Create and update body: the six fields of spec 5 required (non-blank after trimming), the rest optional. */
export const ProjectInput = Type.Object(
  {
    ...required,
    testing: Type.Optional(testing),
    online: Type.Optional(online),
    enablePush: Type.Optional(enablePush),
    enableRate: Type.Optional(enableRate),
    blockedRegions: Type.Optional(blockedRegions),
    productIdList: Type.Optional(productIdList),
    iapCountryLimits: Type.Optional(iapCountryLimits),
  },
  { additionalProperties: false },
);

const ProjectParams = Type.Object({ id: Id('The project _id') }, { additionalProperties: false });
const NOT_FOUND = { status: 404, code: 'PROJECT_NOT_FOUND', when: 'no project has this _id' } as const;
const DUPLICATE = { status: 409, code: 'DUPLICATE_PROJECT_ID', when: 'another project has this projectId' } as const;

export const listProjects = route({
  method: 'GET',
  path: '/api/admin/projects',
  operationId: 'listProjects',
  tag: 'projects',
  summary: 'List projects',
  description: 'Every project, by _id.',
  access: 'admin',
  data: Type.Array(Project),
});

export const getProject = route({
  method: 'GET',
  path: '/api/admin/projects/:id',
  operationId: 'getProject',
  tag: 'projects',
  summary: 'Get a project',
  description: 'One project by its _id.',
  access: 'admin',
  params: ProjectParams,
  data: Project,
  errors: [NOT_FOUND],
});

export const createProject = route({
  method: 'POST',
  path: '/api/admin/projects',
  operationId: 'createProject',
  tag: 'projects',
  summary: 'Create a project',
  description: 'Optional fields left out get their defaults: booleans false, no blocked regions, empty product ids, no IAP limits.',
  access: 'admin',
  role: 'operator',
  body: ProjectInput,
  data: Project,
  errors: [DUPLICATE],
});

export const updateProject = route({
  method: 'PUT',
  path: '/api/admin/projects/:id',
  operationId: 'updateProject',
  tag: 'projects',
  summary: 'Update a project',
  description: 'The six required fields replace the current ones; optional fields left out keep their values.',
  access: 'admin',
  role: 'operator',
  params: ProjectParams,
  body: ProjectInput,
  data: Project,
  errors: [NOT_FOUND, DUPLICATE],
});

export const deleteProject = route({
  method: 'DELETE',
  path: '/api/admin/projects/:id',
  operationId: 'deleteProject',
  tag: 'projects',
  summary: 'Delete a project',
  description: 'Deletes the project for good.',
  access: 'admin',
  role: 'operator',
  params: ProjectParams,
  data: Type.Object({ _id: Type.String(), deleted: Type.Boolean() }),
  errors: [NOT_FOUND],
});
