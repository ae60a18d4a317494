// The release registry: each remote has one active release and at most one canary with a
// share of administrators. The shell boots from the runtime config the registry answers; releases are
// registered, promoted and rolled back by owners or with a deploy token (the commands and CI).
import { Type } from '@sinclair/typebox';
import { Composition } from './composition';
import { route, type ErrorCase } from './route';

export const RELEASE_STATES = ['active', 'canary', 'retired', 'rolled-back'] as const;
export const FAILURE_KINDS = ['load', 'render'] as const;

const RemoteName = Type.String({ pattern: '^[a-z][a-z0-9-]{0,39}$', description: 'A remote of the registry, e.g. orders' });
const Version = Type.String({
  pattern: '^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$',
  description: 'Letters, digits and . + _ - (64 at most), e.g. 1.4.0 or 2026-11-23.2; never reused for a remote',
});

export const Release = Type.Object({
  id: Type.String(),
  remote: Type.String(),
  version: Type.String(),
  manifestUrl: Type.String(),
  files: Type.Record(Type.String(), Type.String(), { description: 'File path (relative to the manifest) → its SHA-384 as an SRI value (sha384-…)' }),
  notes: Type.String(),
  createdBy: Type.String({ description: 'The owner, `deploy:<token name>`, or `npm start` for a build filled in on first start' }),
  createdAt: Type.String(),
  state: Type.Union(RELEASE_STATES.map((s) => Type.Literal(s))),
  canaryPercent: Type.Union([Type.Integer(), Type.Null()], { description: 'The share of administrators who get this canary (state canary only)' }),
  changedAt: Type.String({ description: 'When the state last changed' }),
  changedBy: Type.String(),
  failures: Type.Integer({ description: 'Load failures and render crashes the shell reported for this release' }),
});

export const RemoteReleases = Type.Object({
  remote: Type.String(),
  active: Type.Union([Release, Type.Null()]),
  canary: Type.Union([Release, Type.Null()]),
  canRollBack: Type.Boolean({ description: 'Whether a rollback has somewhere to go: a canary, or an earlier (retired) release behind the active one' }),
});

const remoteParams = Type.Object({ remote: RemoteName }, { additionalProperties: false });
const UNKNOWN_REMOTE: ErrorCase = { status: 404, code: 'UNKNOWN_REMOTE', when: 'no live remote of the registry has that name (never created, or decommissioned)' };
const NOTHING_TO_ROLL_BACK: ErrorCase = { status: 409, code: 'NOTHING_TO_ROLL_BACK', when: 'the remote has no canary and no earlier release to go back to' };
const DEPLOY = 'Owners, or a deploy token (`Authorization: Bearer deploy_…`, made by an owner for one remote, or with `cli add-deploy-token`); a token scoped to another remote is refused (403 DEPLOY_TOKEN_SCOPE), and every call made with one is audited.';

export const RuntimeConfig = Type.Object({
  apiBaseUrl: Type.String(),
  signingKey: Type.String(),
  directImageHosts: Type.Array(Type.String()),
  remotes: Type.Record(Type.String(), Type.String(), { description: 'Remote name → the mf-manifest.json URL this administrator gets (only the remotes with a section or contribution they may see; none without a session)' }),
  releases: Type.Record(
    Type.String(),
    Type.Object({ id: Type.String(), version: Type.String(), canary: Type.Boolean() }),
    { description: 'Remote name → the release chosen (the shell reports failures against its id)' },
  ),
  allowedOrigins: Type.Array(Type.String(), {
    description:
      "The origins the shell may load remotes from: RELEASE_ORIGINS plus each composed remote's registered origin when the API has RELEASE_ORIGINS, else the origins of the composed remotes' live releases",
  }),
  integrity: Type.Record(
    Type.String(),
    Type.Object({ manifest: Type.String(), entry: Type.String() }),
    {
      description:
        'Remote name → the SRI hashes (sha384-…) the chosen release recorded for its mf-manifest.json and remoteEntry.js; the entry carries the hash of every chunk it loads. A remote whose release recorded neither is absent, and the shell refuses to load it',
    },
  ),
  composition: Composition,
});

export const getRuntimeConfig = route({
  method: 'GET',
  path: '/api/runtime-config',
  operationId: 'getRuntimeConfig',
  tag: 'releases',
  summary: 'The runtime config, with the administrator’s composition',
  description:
    'Public. Without a session: the API base URL, the signing key and the image hosts, with an empty composition (no remote loads before sign-in); cacheable 5 s. With `Authorization: Bearer <session token>`: also the composition resolved for that administrator (the sections, routes and slot contributions of every live remote whose least role they have), each remote’s chosen release (its canary when the first 32 bits of SHA-256 of `<remote>:admin:<username>` mod 100 fall below the canary percent, else the active release), its integrity hashes and the origins remotes may load from; private, never cached. The sign-in answer carries the same object (`runtime`). An invalid or expired token is answered as no session.',
  access: 'public',
  querystring: Type.Object({}, { additionalProperties: false }),
  data: RuntimeConfig,
});

export const listReleases = route({
  method: 'GET',
  path: '/api/admin/releases',
  operationId: 'listReleases',
  tag: 'releases',
  summary: 'Every live remote’s active release and canary',
  description: `Every live remote of the registry, in the order they were created (a token scoped to a remote: that remote only). Every administrator may read. ${DEPLOY}`,
  access: 'admin',
  deployToken: true,
  data: Type.Array(RemoteReleases),
});

export const releaseHistory = route({
  method: 'GET',
  path: '/api/admin/releases/:remote',
  operationId: 'releaseHistory',
  tag: 'releases',
  summary: 'A remote’s releases, newest first',
  description: `Who released what, when, with which notes, and its state. Every administrator may read. ${DEPLOY}`,
  access: 'admin',
  deployToken: true,
  params: remoteParams,
  data: Type.Array(Release),
  errors: [UNKNOWN_REMOTE],
});

export const registerRelease = route({
  method: 'POST',
  path: '/api/admin/releases',
  operationId: 'registerRelease',
  tag: 'releases',
  summary: 'Register a release (after the compatibility gate)',
  description: `The gate loads the manifest and refuses, changing nothing, a build that cannot run on the active shell (422 RELEASE_INCOMPATIBLE naming what is wrong). Without \`canaryPercent\` the release becomes active at once; with it, the remote's canary (an earlier canary is rolled back). Audited (release.register). ${DEPLOY}`,
  access: 'admin',
  deployToken: true,
  role: 'owner',
  body: Type.Object(
    {
      remote: RemoteName,
      version: Version,
      manifestUrl: Type.String({ minLength: 1, maxLength: 2000, pattern: '^https?://', description: 'The mf-manifest.json of the build in the versioned store' }),
      files: Type.Record(Type.String({ maxLength: 500 }), Type.String({ pattern: '^sha384-[A-Za-z0-9+/]{64}$' }), { maxProperties: 2000 }),
      notes: Type.String({ maxLength: 2000, default: '' }),
      canaryPercent: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
    },
    { additionalProperties: false },
  ),
  bodyLimit: 512 * 1024,
  data: Release,
  errors: [
    UNKNOWN_REMOTE,
    { status: 409, code: 'VERSION_EXISTS', when: 'the remote already has a release of that version (a version is never reused)' },
    { status: 422, code: 'RELEASE_INCOMPATIBLE', when: 'the compatibility gate refused the build: the message names what is wrong' },
  ],
});

export const promoteRelease = route({
  method: 'POST',
  path: '/api/admin/releases/:remote/promote',
  operationId: 'promoteRelease',
  tag: 'releases',
  summary: 'Promote the canary to active',
  description: `The canary becomes the active release for everyone; the active one before it is retired. Audited (release.promote). ${DEPLOY}`,
  access: 'admin',
  deployToken: true,
  role: 'owner',
  params: remoteParams,
  data: Release,
  errors: [UNKNOWN_REMOTE, { status: 409, code: 'NO_CANARY', when: 'the remote has no canary to promote' }],
});

export const rollbackRelease = route({
  method: 'POST',
  path: '/api/admin/releases/:remote/rollback',
  operationId: 'rollbackRelease',
  tag: 'releases',
  summary: 'Roll back a remote',
  description: `With a canary: the canary is rolled back (everyone gets the active release). Without: the active release is rolled back to the one active before it, or to \`to\`. Taken on each administrator’s next page load, and in open tabs by sections not loaded yet. Audited (release.rollback). ${DEPLOY}`,
  access: 'admin',
  deployToken: true,
  role: 'owner',
  params: remoteParams,
  body: Type.Object({ to: Type.Optional(Version) }, { additionalProperties: false }),
  data: Type.Object({ active: Release, rolledBack: Release }),
  errors: [UNKNOWN_REMOTE, NOTHING_TO_ROLL_BACK, { status: 404, code: 'RELEASE_NOT_FOUND', when: '`to` names no release of this remote' }],
});

export const reportReleaseFailure = route({
  method: 'POST',
  path: '/api/admin/releases/failures',
  operationId: 'reportReleaseFailure',
  tag: 'releases',
  summary: 'Report a remote’s load failure or render crash',
  description:
    'Sent by the shell. Rate-limited per administrator; the newest 200 reports of a release are kept, each counted. A canary whose failures reach RELEASE_CANARY_MAX_FAILURES is rolled back at once (audited as release.auto-rollback).',
  access: 'admin',
  body: Type.Object(
    {
      releaseId: Type.String({ pattern: '^[0-9]{1,18}$' }),
      kind: Type.Union(FAILURE_KINDS.map((k) => Type.Literal(k))),
      message: Type.String({ maxLength: 1000 }),
    },
    { additionalProperties: false },
  ),
  bodyLimit: 8 * 1024,
  data: Type.Object({ counted: Type.Boolean(), rolledBack: Type.Boolean() }),
  errors: [
    { status: 404, code: 'RELEASE_NOT_FOUND', when: 'no release has that id' },
    { status: 429, code: 'RATE_LIMITED', when: 'this administrator sent too many reports this minute' },
  ],
});
