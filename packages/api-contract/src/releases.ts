// The release registry: each remote has one active release and at most one canary with a
// share of administrators. The shell boots from the runtime config the registry answers; releases are
// registered, promoted and rolled back by owners or with a deploy token (the commands and CI).
import { Type, type Static } from '@sinclair/typebox';
import { Composition, RemoteMeta } from './remoteMeta';
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

// --- preview releases ---------------------------------------------------------------------------

export const PREVIEW_STATUSES = ['active', 'expired', 'deleted'] as const;
const PreviewLabel = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,39}$', description: 'A short slug naming the preview, e.g. pr-42 (lower-case letters, digits and -, 40 at most)' });
const remoteLabelParams = Type.Object({ remote: RemoteName, label: PreviewLabel }, { additionalProperties: false });

/** A preview as a session has it: what its runtime config says so the shell can show a banner. */
export const SessionPreview = Type.Object({
  remote: Type.String(),
  label: Type.String(),
  releaseId: Type.String({ description: 'The preview release served (while active), else the one entered' }),
  version: Type.String(),
  status: Type.Union(PREVIEW_STATUSES.map((s) => Type.Literal(s)), {
    description: '`active`: the session gets the preview; `expired` or `deleted`: it gets the remote’s chosen release again',
  }),
  expiresAt: Type.String(),
});

export const Preview = Type.Object({
  id: Type.String(),
  remote: Type.String(),
  label: Type.String(),
  version: Type.String(),
  manifestUrl: Type.String(),
  notes: Type.String(),
  createdBy: Type.String(),
  createdAt: Type.String(),
  expiresAt: Type.String(),
  expired: Type.Boolean(),
  link: Type.String({ description: 'The shell with the signed preview token: `<shell>/?preview=<token>`; useless without signing in' }),
});

// --- a developer's own override ------------------------------------------------------------------

/** An override as a session has it: one remote's code loaded from a build on an allowed origin. */
export const SessionOverride = Type.Object({
  remote: Type.String(),
  manifestUrl: Type.String({ description: 'The build’s mf-manifest.json, on an origin DEV_OVERRIDE_ORIGINS allows' }),
  origin: Type.String({ description: 'Where the code comes from: not integrity-checked' }),
  setAt: Type.String(),
});

export const RuntimeConfig = Type.Object({
  apiBaseUrl: Type.String(),
  signingKey: Type.String(),
  directImageHosts: Type.Array(Type.String()),
  remotes: Type.Record(Type.String(), Type.String(), { description: 'Remote name → the mf-manifest.json URL this administrator gets (only the remotes with a section or contribution they may see; none without a session)' }),
  releases: Type.Record(
    Type.String(),
    Type.Object({
      id: Type.String(),
      version: Type.String(),
      canary: Type.Boolean(),
      preview: Type.Optional(Type.String({ description: 'The preview’s label when this session entered a preview of the remote (then never a canary)' })),
    }),
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
  landing: Type.Optional(
    Type.Object(
      {
        remote: Type.String(),
        module: Type.String({ description: 'The exposed module of the first section (`./Section`)' }),
        manifestUrl: Type.String({ description: 'The stable (active) release’s mf-manifest.json, never a canary’s' }),
        integrity: Type.Object({ manifest: Type.String(), entry: Type.String() }),
        files: Type.Array(Type.Object({ url: Type.String(), integrity: Type.String({ description: 'SRI hash (sha384-…) the release recorded for the file' }) }), {
          description: 'What the module loads first, read off the release’s manifest when it was registered: remoteEntry.js, then the module’s synchronous chunks',
        }),
      },
      {
        description:
          'Without a session only, and only when every role’s first section is the same remote’s: that remote’s stable release, so the login screen can fetch its manifest and files into the browser’s cache while the form is shown (the same files anyone may fetch from its public origin). Absent when the roles’ first sections differ or the release recorded no hashes or no first load (a release registered before the registry recorded it)',
      },
    ),
  ),
  previews: Type.Optional(
    Type.Array(SessionPreview, {
      description:
        'The previews this session entered (`POST /api/admin/previews`), present only when it entered any: for each, whether it is served (`active`) or fell back to the chosen release because it expired or was deleted',
    }),
  ),
  overrides: Type.Optional(
    Type.Array(SessionOverride, {
      description:
        'The remotes this session overrides (`POST /api/admin/overrides`), present only when it has any: each is in `remotes` at its manifest URL, its origin in `allowedOrigins`, with no `releases` entry and no `integrity` (exempt: a development build). The session’s measurements and failure reports count nowhere while it has one',
    }),
  ),
  overrideTicket: Type.Optional(
    Type.String({
      description:
        'With `overrides`: a ticket (signed, valid an hour) naming their origins, which the shell keeps in its `growth-admin-override` cookie so that its page server admits them in that page’s CSP',
    }),
  ),
});

export const getRuntimeConfig = route({
  method: 'GET',
  path: '/api/runtime-config',
  operationId: 'getRuntimeConfig',
  tag: 'releases',
  summary: 'The runtime config, with the administrator’s composition',
  description:
    'Public. Without a session: the API base URL, the signing key and the image hosts, with an empty composition (no remote loads before sign-in) and, at most, the landing section’s stable release to prefetch (`landing`); cacheable 5 s. With `Authorization: Bearer <session token>`: also the composition resolved for that administrator (the sections, routes and slot contributions of every live remote whose least role they have), each remote’s chosen release (its canary when the first 32 bits of SHA-256 of `<remote>:admin:<username>` mod 100 fall below the canary percent, else the active release), its integrity hashes and the origins remotes may load from; private, never cached. The sign-in answer carries the same object (`runtime`). An invalid or expired token is answered as no session.',
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
  description: `The gate loads the manifest and refuses, changing nothing, a build that cannot run on the active shell (422 RELEASE_INCOMPATIBLE naming what is wrong). Without \`canaryPercent\` the release becomes active at once; with it, the remote's canary (an earlier canary is rolled back), judged against the stable release from then on (a Fail rolls it back; with \`promoteAfterSeconds\`, a Pass that lasts that long promotes it). Audited (release.register). ${DEPLOY}`,
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
      promoteAfterSeconds: Type.Optional(
        Type.Integer({
          minimum: 60,
          maximum: 30 * 86_400,
          description: 'With canaryPercent only: the canary is promoted once the canary judge’s verdict has stayed Pass this long (audited as release.auto-promote)',
        }),
      ),
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
    'Sent by the shell. Taken only of a release this session’s runtime config gave it (otherwise answered `counted: false`, counted as `admin_api_release_failure_reports_total{outcome="not_served"}` and never stored). Rate-limited per administrator; the newest 200 reports of a release are kept, each counted. A canary whose failures reach RELEASE_CANARY_MAX_FAILURES is rolled back at once (audited as release.auto-rollback).',
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

const PREVIEW_DEPLOY = 'Owners, or a deploy token for the remote (a token scoped to another remote is refused: 403 DEPLOY_TOKEN_SCOPE); every call made with one is audited.';

export const registerPreview = route({
  method: 'POST',
  path: '/api/admin/releases/:remote/previews',
  operationId: 'registerPreview',
  tag: 'releases',
  summary: 'Register a preview under a label (after the gate)',
  description: `The same gate as any release (422 RELEASE_INCOMPATIBLE: no preview). The preview is never active, never a canary and never judged: only a session that entered its link gets it. A live preview under the same label is replaced (its link stops serving it; sessions that entered the label get the new build). It expires after \`expiresInDays\` (default RELEASE_PREVIEW_TTL_DAYS, 7); a remote holds at most RELEASE_PREVIEW_MAX (20) live previews: one more is refused naming the oldest to delete. Audited (release.preview, release.preview-replace). ${PREVIEW_DEPLOY}`,
  access: 'admin',
  deployToken: true,
  role: 'owner',
  params: remoteParams,
  body: Type.Object(
    {
      label: PreviewLabel,
      version: Version,
      manifestUrl: Type.String({ minLength: 1, maxLength: 2000, pattern: '^https?://', description: 'The mf-manifest.json of the build in the versioned store' }),
      files: Type.Record(Type.String({ maxLength: 500 }), Type.String({ pattern: '^sha384-[A-Za-z0-9+/]{64}$' }), { maxProperties: 2000 }),
      notes: Type.String({ maxLength: 2000, default: '' }),
      expiresInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, description: 'Days until the preview expires (default RELEASE_PREVIEW_TTL_DAYS)' })),
    },
    { additionalProperties: false },
  ),
  bodyLimit: 512 * 1024,
  data: Type.Object({ preview: Preview, replaced: Type.Union([Preview, Type.Null()], { description: 'The preview the label held before, now gone' }) }),
  errors: [
    UNKNOWN_REMOTE,
    { status: 409, code: 'PREVIEW_LIMIT', when: 'the remote holds RELEASE_PREVIEW_MAX live previews: the message names the oldest, to delete first' },
    { status: 422, code: 'RELEASE_INCOMPATIBLE', when: 'the compatibility gate refused the build: the message names what is wrong' },
  ],
});

export const listPreviews = route({
  method: 'GET',
  path: '/api/admin/releases/:remote/previews',
  operationId: 'listPreviews',
  tag: 'releases',
  summary: 'A remote’s previews, newest first',
  description: `Label, version, who, when, when it expires (expired ones until deleted or replaced) and its link. Every administrator may read. ${PREVIEW_DEPLOY}`,
  access: 'admin',
  deployToken: true,
  params: remoteParams,
  data: Type.Array(Preview),
  errors: [UNKNOWN_REMOTE],
});

export const deletePreview = route({
  method: 'DELETE',
  path: '/api/admin/releases/:remote/previews/:label',
  operationId: 'deletePreview',
  tag: 'releases',
  summary: 'Delete a preview',
  description: `Sessions that entered it get the remote’s chosen release again on their next load, and their runtime config says it was deleted. Audited (release.preview-delete). ${PREVIEW_DEPLOY}`,
  access: 'admin',
  deployToken: true,
  role: 'owner',
  params: remoteLabelParams,
  data: Preview,
  errors: [UNKNOWN_REMOTE, { status: 404, code: 'PREVIEW_NOT_FOUND', when: 'the remote has no live preview under that label' }],
});

export const enterPreview = route({
  method: 'POST',
  path: '/api/admin/previews',
  operationId: 'enterPreview',
  tag: 'releases',
  summary: 'Enter a preview for this session (its link’s token)',
  description:
    'Records the preview on the calling session (one per remote; entering another of the same remote replaces it): from then on this session’s runtime config takes that remote’s sections and slot contributions from the preview’s metadata (still only those the administrator’s role may see), and names the preview in `previews`. Other sessions, the same administrator’s included, are unaffected; a reload keeps it; signing out ends it. The token is checked against the server’s key (403 PREVIEW_TOKEN_INVALID for a forged or altered one); an expired or deleted preview is recorded and answered as such (the session gets the chosen release).',
  access: 'admin',
  body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 1000 }) }, { additionalProperties: false }),
  data: SessionPreview,
  errors: [
    { status: 403, code: 'PREVIEW_TOKEN_INVALID', when: 'the token is not one the server signed (forged, altered or truncated)' },
    { status: 404, code: 'PREVIEW_NOT_FOUND', when: 'the token names no preview of the registry' },
  ],
});

export const leavePreview = route({
  method: 'DELETE',
  path: '/api/admin/previews/:remote',
  operationId: 'leavePreview',
  tag: 'releases',
  summary: 'Leave this session’s preview of a remote',
  description: 'The session gets the remote’s chosen release again from its next runtime config. Answers whether it had one.',
  access: 'admin',
  params: remoteParams,
  data: Type.Object({ left: Type.Boolean() }),
});

const OVERRIDE_RULE =
  'Only where the server allows overrides (DEV_OVERRIDE_ORIGINS, a comma list of origins such as `http://localhost:*`; unset: off, as in production unless an owner sets it).';

export const setOverride = route({
  method: 'POST',
  path: '/api/admin/overrides',
  operationId: 'setOverride',
  tag: 'releases',
  summary: 'Load one remote from a development build, this session only',
  description: `${OVERRIDE_RULE} Records on the calling session (one per remote; again for the same remote replaces it) that the remote’s code comes from \`manifestUrl\`: from then on this session’s runtime config names that URL for the remote, with no integrity hashes (a development build is not integrity-checked) and its origin allowed, and the sections and slot contributions of \`meta\` (the build’s remote-meta.json; without it, the remote’s chosen release’s), still only those the administrator’s role may see. It takes the place of a preview of the same remote. Other sessions, the same administrator’s included, are unaffected; signing out ends it. While a session has an override, nothing it measures or reports is stored (its runtime configs record no served release). Answers the override and a ticket for the shell’s page CSP (\`overrideTicket\` of the runtime config). Audited (release.override).`,
  access: 'admin',
  body: Type.Object(
    {
      remote: RemoteName,
      manifestUrl: Type.String({ minLength: 1, maxLength: 2000, description: 'An http(s) URL of the build’s mf-manifest.json' }),
      meta: Type.Optional(RemoteMeta),
    },
    { additionalProperties: false },
  ),
  data: Type.Object({ override: SessionOverride, ticket: Type.String({ description: 'The same as the runtime config’s `overrideTicket`' }) }),
  errors: [
    { status: 400, code: 'OVERRIDE_URL_INVALID', when: '`manifestUrl` is not an http(s) URL of an mf-manifest.json without credentials' },
    { status: 403, code: 'OVERRIDES_OFF', when: 'the server allows no overrides (DEV_OVERRIDE_ORIGINS unset)' },
    { status: 403, code: 'OVERRIDE_ORIGIN_REFUSED', when: 'the URL’s origin is not one DEV_OVERRIDE_ORIGINS allows' },
    UNKNOWN_REMOTE,
    { status: 422, code: 'OVERRIDE_INCOMPATIBLE', when: '`meta` names another remote, or a section path another live remote owns' },
  ],
});

export const endOverride = route({
  method: 'DELETE',
  path: '/api/admin/overrides/:remote',
  operationId: 'endOverride',
  tag: 'releases',
  summary: 'End this session’s override of a remote',
  description: 'The session gets the remote’s chosen release (or its preview) again from its next runtime config. Answers whether it had one. Audited (release.override-end) when it had.',
  access: 'admin',
  params: remoteParams,
  data: Type.Object({ ended: Type.Boolean() }),
});

export const MyOverride = Type.Object({
  ...SessionOverride.properties,
  thisSession: Type.Boolean({ description: 'Whether the calling session has it (only that session can end it: DELETE /api/admin/overrides/:remote)' }),
});

export const listMyOverrides = route({
  method: 'GET',
  path: '/api/admin/overrides',
  operationId: 'listMyOverrides',
  tag: 'releases',
  summary: 'The signed-in administrator’s overrides',
  description:
    'The development overrides of every live session of the calling administrator (not revoked, not expired), by remote then newest first; `thisSession` marks the calling session’s. Settings → Remotes shows them. Empty where the server allows no overrides.',
  access: 'admin',
  querystring: Type.Object({}, { additionalProperties: false }),
  data: Type.Array(MyOverride),
});

// --- real-user measurements and the canary judge ---------------------------------------------

export const JUDGE_METRICS = ['errorRate', 'inp', 'lcp', 'cls'] as const;
/** The canary judgement's series over time: at most this many buckets (each at least a minute). */
export const SERIES_BUCKETS = 12;
export const VERDICTS = ['pass', 'fail', 'inconclusive'] as const;
/** The most measurements one batch may carry. */
export const MEASUREMENTS_PER_BATCH = 50;

const Measurement = Type.Object(
  {
    releaseId: Type.String({ pattern: '^[0-9]{1,18}$', description: 'The release the administrator ran (the runtime config’s `releases[remote].id`)' }),
    kind: Type.Union([Type.Literal('section'), Type.Literal('slot')], { description: 'A section view, or a slot contribution shown' }),
    target: Type.String({ maxLength: 100, description: 'The section path or the slot id' }),
    lcp: Type.Optional(Type.Number({ minimum: 0, maximum: 600_000, description: 'Largest Contentful Paint in ms, when the largest paint was this view’s' })),
    inp: Type.Optional(Type.Number({ minimum: 0, maximum: 600_000, description: 'Interaction to Next Paint in ms: the slowest interaction with this view' })),
    cls: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'Cumulative Layout Shift of this view’s elements' })),
    errors: Type.Integer({ minimum: 0, maximum: 1000, description: 'Errors the remote’s code raised during the view (uncaught, unhandled rejections, its error boundary, API calls answered 5xx)' }),
  },
  { additionalProperties: false },
);

export const reportVitals = route({
  method: 'POST',
  path: '/api/vitals',
  operationId: 'reportVitals',
  tag: 'releases',
  summary: 'Real-user measurements of the remotes an administrator ran',
  description:
    'Sent by the shell with `navigator.sendBeacon` when a page is hidden, which cannot set headers: the session token is in the body, the body may be sent as `text/plain` (no CORS preflight), and the request is not signed. Only a live session’s measurements are taken, and only of a release this session’s runtime config gave it: each is stored against that release with the cohort the session was given it in (`canary` or `stable`; `preview` for a preview the session entered, which the canary judge never reads), even when the release was promoted or rolled back since; a measurement of any other release is not served: dropped, counted (`admin_api_vitals_measurements_total{outcome="not_served"}`) and never stored. Rate-limited per session (VITALS_BATCHES_PER_MINUTE), at most 50 a batch; kept RELEASE_MEASUREMENTS_RETENTION_DAYS. The canary judge reads them.',
  access: 'public',
  body: Type.Object(
    {
      token: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', description: 'The session token (what the other calls send as Authorization: Bearer)' }),
      measurements: Type.Array(Measurement, { minItems: 1, maxItems: MEASUREMENTS_PER_BATCH }),
    },
    { additionalProperties: false },
  ),
  bodyLimit: 32 * 1024,
  bodyContentTypes: ['text/plain', 'application/json'],
  data: Type.Object({
    accepted: Type.Integer({ description: 'Measurements stored' }),
    dropped: Type.Integer({ description: 'Measurements of a release this session’s runtime config never gave it (not stored)' }),
  }),
  errors: [
    { status: 401, code: 'TOKEN_INVALID', when: 'the token is unknown, or its session was signed out or ended (or its administrator disabled)' },
    { status: 401, code: 'SESSION_EXPIRED', when: 'the session was idle past the idle timeout or is past its lifetime' },
    { status: 429, code: 'RATE_LIMITED', when: 'this session sent too many batches this minute' },
  ],
});

const JudgeMetric = Type.Union(JUDGE_METRICS.map((m) => Type.Literal(m)));
const Figure = Type.Object({
  n: Type.Integer({ description: 'Views (error rate) or samples (a vital)' }),
  admins: Type.Integer({ description: 'The administrators those views or samples come from: the judge’s unit, each one voice' }),
  value: Type.Union([Type.Number(), Type.Null()], {
    description: 'The administrators’ mean share of views with an error (0..1), or the p75 over the administrators of each one’s typical vital (ms; CLS unitless)',
  }),
});

export const MetricCheck = Type.Object({
  metric: JudgeMetric,
  canary: Figure,
  stable: Figure,
  relativeChange: Type.Union([Type.Number(), Type.Null()], { description: 'The canary’s figure relative to the stable one: 0.2 = 20 % higher (worse)' }),
  effect: Type.Union([Type.Number(), Type.Null()], {
    description: 'The probability that a canary administrator fares worse than a stable one (0.5: no difference)',
  }),
  againstBaseline: Type.Boolean({ description: 'A vital compared as each administrator’s change from their own views before the canary (false: their figures as they are)' }),
  pValue: Type.Union([Type.Number(), Type.Null()], {
    description: 'One-sided p-value of “the canary is worse”, always valid: it holds however often the canary is judged (null: too few to test or to decide)',
  }),
  confidence: Type.Union([Type.Number(), Type.Null()]),
  outcome: Type.Union([Type.Literal('worse'), Type.Literal('no-worse'), Type.Literal('too-few')]),
});

const nullableNumber = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });
/** One cohort in one bucket of the window. */
const CohortPoint = Type.Object({
  views: Type.Integer({ description: 'Views measured in the bucket' }),
  admins: Type.Integer({ description: 'The administrators those views come from' }),
  errorRate: nullableNumber('Views with an error, per view (0..1; null: no views)'),
  inp: nullableNumber('INP p75, ms (null: no sample)'),
  lcp: nullableNumber('LCP p75, ms (null: no sample)'),
  cls: nullableNumber('CLS p75 (null: no sample)'),
});
export const JudgementSeriesPoint = Type.Object({
  at: Type.String({ description: 'The bucket’s start' }),
  canary: CohortPoint,
  stable: CohortPoint,
});

export const CanaryJudgement = Type.Object({
  remote: Type.String(),
  canary: Type.Union([Release, Type.Null()], { description: 'The canary (null: none; nothing is judged)' }),
  active: Type.Union([Release, Type.Null()]),
  since: Type.Union([Type.String(), Type.Null()], { description: 'The window’s start: when the canary was registered' }),
  until: Type.Union([Type.String(), Type.Null()], {
    description: 'The window’s end: when a past canary was promoted or rolled back, or a release released to everyone at once stopped being active (null: still running)',
  }),
  judgedAt: Type.Union([Type.String(), Type.Null()], { description: 'When the verdict was made (null: not judged yet)' }),
  verdict: Type.Union([...VERDICTS.map((v) => Type.Literal(v)), Type.Null()]),
  reason: Type.String({ description: 'Why, in one sentence' }),
  metric: Type.Union([JudgeMetric, Type.Null()], { description: 'Fail: the metric found worse with the most confidence' }),
  confidence: Type.Union([Type.Number(), Type.Null()], { description: 'Fail: 1 - its p-value' }),
  checks: Type.Array(MetricCheck, { description: 'Each metric: canary against stable' }),
  series: Type.Array(JudgementSeriesPoint, {
    description: `The window over time: since the canary was registered (until it ended, for a past one), in at most ${SERIES_BUCKETS} equal buckets of at least a minute, oldest first; each cohort’s views, error rate and vitals at p75 in each (empty without a canary; for a release released to everyone at once, its own views as the stable cohort)`,
  }),
  promoteAfterSeconds: Type.Union([Type.Integer(), Type.Null()]),
  passingSince: Type.Union([Type.String(), Type.Null()], { description: 'Since when the verdict has been Pass without a break' }),
});

export const canaryJudgement = route({
  method: 'GET',
  path: '/api/admin/releases/:remote/judgement',
  operationId: 'canaryJudgement',
  tag: 'releases',
  summary: 'The canary judge’s verdict on a canary or a past release',
  description: `The canary’s administrators against the stable ones over the same window (since the canary was registered), with the administrator as the unit (each one’s share of views with an error and typical vitals, the vitals against their own views before the canary where they have some; a one-sided Mann-Whitney U per metric over the administrators), at 98 % confidence over the four and over every look (always-valid p-values); Inconclusive below RELEASE_JUDGE_MIN_ADMINS administrators, or the minimum views or samples, in either cohort, or too few administrators to decide (about 10 a cohort). The verdict is the judge’s last, made after measurements arrive (at most every RELEASE_JUDGE_INTERVAL_SECONDS) and on that interval. With \`release\` (an id from the history): that release’s, for a past canary its window (registered → promoted or rolled back) with the judge’s last verdict on it, for a release released to everyone at once its own views while it was active (no verdict). Measurements are kept RELEASE_MEASUREMENTS_RETENTION_DAYS. Every administrator may read. ${DEPLOY}`,
  access: 'admin',
  deployToken: true,
  params: remoteParams,
  querystring: Type.Object({ release: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$', description: 'A release id of this remote (its history’s)' })) }, { additionalProperties: false }),
  data: CanaryJudgement,
  errors: [UNKNOWN_REMOTE, { status: 404, code: 'RELEASE_NOT_FOUND', when: '`release` names no release of this remote' }],
});

// The answers' and inputs' types (the index re-exports them).
export type Release = Static<typeof Release>;
export type RemoteReleases = Static<typeof RemoteReleases>;
export type RegistryRuntimeConfig = Static<typeof RuntimeConfig>;
export type ReleaseInput = Static<typeof registerRelease.body>;
export type CanaryJudgement = Static<typeof CanaryJudgement>;
export type MetricCheck = Static<typeof MetricCheck>;
export type JudgementSeriesPoint = Static<typeof JudgementSeriesPoint>;
export type VitalsBatch = Static<typeof reportVitals.body>;
export type Preview = Static<typeof Preview>;
export type SessionPreview = Static<typeof SessionPreview>;
export type PreviewInput = Static<typeof registerPreview.body>;
export type SessionOverride = Static<typeof SessionOverride>;
export type OverrideInput = Static<typeof setOverride.body>;
export type MyOverride = Static<typeof MyOverride>;
