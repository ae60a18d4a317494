// The remotes of the registry and their deploy tokens. A remote exists in the registry, not in the
// shell's code: an owner creates it (name, team, the origin its files are served from) and gets a
// deploy token scoped to it; its team releases with that token; decommissioning removes its sections
// and slot contributions for everyone. Every change is audited.
import { Type, type Static } from '@sinclair/typebox';
import { route, type ErrorCase } from './route';

const RemoteNameParam = Type.String({ pattern: '^[a-z][a-z0-9-]{0,39}$', description: 'The remote’s federation name' });

export const RemoteRecord = Type.Object({
  name: Type.String(),
  team: Type.String(),
  origin: Type.String({ description: 'The origin its releases are served from (their manifest URLs must be on it)' }),
  createdAt: Type.String(),
  createdBy: Type.String(),
  decommissionedAt: Type.Union([Type.String(), Type.Null()]),
  decommissionedBy: Type.Union([Type.String(), Type.Null()]),
});

export const DeployTokenRecord = Type.Object({
  name: Type.String(),
  remote: Type.Union([Type.String(), Type.Null()], { description: 'The one remote it may release, promote and roll back; null: every remote (the local token of `npm start`, tokens made with the CLI without --remote)' }),
  createdAt: Type.String(),
  createdBy: Type.String(),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
  revokedAt: Type.Union([Type.String(), Type.Null()]),
});

/** A token made just now: the token itself is shown once and stored hashed. */
export const NewDeployToken = Type.Object({ token: Type.String({ description: 'deploy_… : shown this once' }), deployToken: DeployTokenRecord });

const UNKNOWN_REMOTE: ErrorCase = { status: 404, code: 'UNKNOWN_REMOTE', when: 'no remote of the registry has that name' };
const TokenName = Type.String({ pattern: '^[A-Za-z0-9._-]{1,100}$', description: 'Letters, digits and . _ - (100 at most)' });
const ExpiresInDays = Type.Integer({ minimum: 1, maximum: 365, default: 90, description: 'Days until the token stops working (1-365, default 90)' });

export const listRemotes = route({
  method: 'GET',
  path: '/api/admin/remotes',
  operationId: 'listRemotes',
  tag: 'releases',
  summary: 'The remotes of the registry',
  description: 'Every remote, live and decommissioned, in the order they were created. Owners only.',
  access: 'admin',
  role: 'owner',
  data: Type.Array(RemoteRecord),
});

export const createRemote = route({
  method: 'POST',
  path: '/api/admin/remotes',
  operationId: 'createRemote',
  tag: 'releases',
  summary: 'Create a remote, with a deploy token scoped to it',
  description:
    'The remote has no release yet, so nobody sees anything of it until its team releases a build that passes the gate. Answers the remote and its first deploy token (named `<remote>-deploy`, 90 days). Audited (remote.create). Owners only.',
  access: 'admin',
  role: 'owner',
  body: Type.Object(
    {
      name: RemoteNameParam,
      team: Type.String({ minLength: 1, maxLength: 100 }),
      origin: Type.String({ minLength: 1, maxLength: 300, pattern: '^https?://[^/?#\\s]+$', description: 'e.g. https://cdn.example.com (no path)' }),
    },
    { additionalProperties: false },
  ),
  data: Type.Object({ remote: RemoteRecord, deployToken: NewDeployToken }),
  errors: [{ status: 409, code: 'REMOTE_EXISTS', when: 'a remote of that name exists (or existed: a name is never reused)' }],
});

export const decommissionRemote = route({
  method: 'POST',
  path: '/api/admin/remotes/:remote/decommission',
  operationId: 'decommissionRemote',
  tag: 'releases',
  summary: 'Decommission a remote',
  description:
    'Its sections and slot contributions go for everyone on their next page load (a deep link to one of its sections says the section no longer exists); its canary is rolled back, its deploy tokens revoked. Audited (remote.decommission). Owners only.',
  access: 'admin',
  role: 'owner',
  params: Type.Object({ remote: RemoteNameParam }, { additionalProperties: false }),
  data: RemoteRecord,
  errors: [UNKNOWN_REMOTE, { status: 409, code: 'ALREADY_DECOMMISSIONED', when: 'the remote was decommissioned before' }],
});

export const listDeployTokens = route({
  method: 'GET',
  path: '/api/admin/deploy-tokens',
  operationId: 'listDeployTokens',
  tag: 'releases',
  summary: 'Every deploy token',
  description: 'Names, scopes, expiry, last use and revocation; never the tokens themselves. Owners only.',
  access: 'admin',
  role: 'owner',
  data: Type.Array(DeployTokenRecord),
});

export const createDeployToken = route({
  method: 'POST',
  path: '/api/admin/deploy-tokens',
  operationId: 'createDeployToken',
  tag: 'releases',
  summary: 'Make a deploy token scoped to one remote',
  description: 'The token can release, promote and roll back only that remote, until it expires or is revoked. Audited (deploy-token.create). Owners only.',
  access: 'admin',
  role: 'owner',
  body: Type.Object({ name: TokenName, remote: RemoteNameParam, expiresInDays: Type.Optional(ExpiresInDays) }, { additionalProperties: false }),
  data: NewDeployToken,
  errors: [UNKNOWN_REMOTE, { status: 409, code: 'TOKEN_EXISTS', when: 'a deploy token of that name exists' }],
});

export const revokeDeployToken = route({
  method: 'POST',
  path: '/api/admin/deploy-tokens/:name/revoke',
  operationId: 'revokeDeployToken',
  tag: 'releases',
  summary: 'Revoke a deploy token',
  description: 'It stops working at once; it stays listed for the audit trail. Audited (deploy-token.revoke). Owners only.',
  access: 'admin',
  role: 'owner',
  params: Type.Object({ name: TokenName }, { additionalProperties: false }),
  data: DeployTokenRecord,
  errors: [
    { status: 404, code: 'TOKEN_NOT_FOUND', when: 'no deploy token has that name' },
    { status: 409, code: 'ALREADY_REVOKED', when: 'the token was revoked before' },
  ],
});

// The answers' types (the index re-exports them).
export type RemoteRecord = Static<typeof RemoteRecord>;
export type DeployTokenRecord = Static<typeof DeployTokenRecord>;
export type NewDeployToken = Static<typeof NewDeployToken>;
