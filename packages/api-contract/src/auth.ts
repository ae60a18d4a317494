// Signing in and out.
import { Type } from '@sinclair/typebox';
import { route } from './route';

export const AdminSession = Type.Object({
  token: Type.String({ description: 'The session token: send it as `Authorization: Bearer <token>`' }),
  user: Type.Object({ username: Type.String() }),
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
