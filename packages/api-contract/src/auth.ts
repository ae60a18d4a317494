// Signing in and out.
import { Type } from '@sinclair/typebox';
import { RuntimeConfig } from './releases';
import { ROLES, route } from './route';

export const RoleSchema = Type.Union(
  ROLES.map((role) => Type.Literal(role)),
  { description: 'viewer: reads only; operator: also add-coins, refunds and project changes; owner: also administrators and releases' },
);

export const AdminSession = Type.Object({
  token: Type.String({ description: 'The session token: send it as `Authorization: Bearer <token>`' }),
  user: Type.Object({ username: Type.String(), role: RoleSchema }),
  /** The runtime config with this administrator's composition, as `getRuntimeConfig` answers the new session: the shell initialises its remotes from it, with no second round trip. */
  runtime: Type.Optional(RuntimeConfig),
});

export const LoginPayload = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 100 }), password: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

export const login = route({
  method: 'POST',
  path: '/api/admin/login',
  operationId: 'login',
  tag: 'session',
  summary: 'Sign in',
  description:
    'Checks the credentials and starts a session (12 h). Needs the request signature but no token. Failed attempts are throttled per username and address (429 with Retry-After).',
  access: 'signed',
  body: LoginPayload,
  data: AdminSession,
  errors: [
    { status: 401, code: 'INVALID_CREDENTIALS', when: 'unknown username or wrong password (alike: "Invalid username or password")' },
    { status: 429, code: 'LOGIN_THROTTLED', when: 'too many failed sign-ins for the username or the address: retry after Retry-After seconds' },
  ],
});

export const me = route({
  method: 'GET',
  path: '/api/admin/me',
  operationId: 'me',
  tag: 'session',
  summary: 'The signed-in administrator',
  description: 'Who the token belongs to and their role now (a role changed since sign-in shows here).',
  access: 'admin',
  data: Type.Object({ username: Type.String(), role: RoleSchema }),
});

export const logout = route({
  method: 'POST',
  path: '/api/admin/logout',
  operationId: 'logout',
  tag: 'session',
  summary: 'Sign out',
  description: 'Ends the session of the token sent: the token stops working at once, on every instance.',
  access: 'admin',
  data: Type.Object({ loggedOut: Type.Boolean() }),
});
