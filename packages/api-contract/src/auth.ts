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

/** The password throttle's refusals (docs/security-sign-in.md): which limit, and Retry-After. */
export const THROTTLED_ACCOUNT_ADDRESS = {
  status: 429,
  code: 'THROTTLED_ACCOUNT_ADDRESS',
  when: 'too many wrong passwords for this username from this address: retry after Retry-After seconds',
} as const;
export const THROTTLED_ADDRESS = { status: 429, code: 'THROTTLED_ADDRESS', when: 'too many wrong passwords from this address, across usernames: retry after Retry-After seconds' } as const;
export const THROTTLED_SESSION = { status: 429, code: 'THROTTLED_SESSION', when: 'too many wrong passwords in this session: retry after Retry-After seconds' } as const;

export const login = route({
  method: 'POST',
  path: '/api/admin/login',
  operationId: 'login',
  tag: 'session',
  summary: 'Sign in',
  description:
    'Checks the credentials and starts a session (12 h). Needs the request signature but no token. Wrong passwords are throttled per username and address and per address (429 naming the limit, with Retry-After); right ones spend no budget.',
  access: 'signed',
  body: LoginPayload,
  data: AdminSession,
  errors: [
    { status: 401, code: 'INVALID_CREDENTIALS', when: 'unknown username or wrong password (alike: "Invalid username or password")' },
    THROTTLED_ACCOUNT_ADDRESS,
    THROTTLED_ADDRESS,
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
