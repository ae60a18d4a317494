// Sessions (ASVS 4.0.3 3.3.4, 5.0 7.4.5): everyone lists and ends their own; owners list
// and end anyone's. Step-up re-authentication records, on this session, that the password was just
// entered (a refund or a large add-coins needs it within the last 5 minutes).
import { Type } from '@sinclair/typebox';
import { THROTTLED_SESSION } from './auth';
import { Id, route } from './route';

export const Session = Type.Object({
  id: Type.String(),
  username: Type.String({ description: 'Whose session it is' }),
  startedAt: Type.String(),
  lastSeenAt: Type.String({ description: 'The last request, to the minute (written at most once a minute)' }),
  ip: Type.String({ description: 'The address it signed in from' }),
  browser: Type.String({ description: 'Browser and system read from the User-Agent, e.g. "Chrome 131 on Windows"; "Unknown browser" when it cannot be read' }),
  current: Type.Boolean({ description: 'The session making this request' }),
});

const SESSION_NOT_FOUND = { status: 404, code: 'SESSION_NOT_FOUND', when: 'no active session has that id (or it is not yours)' } as const;
const CURRENT_SESSION = { status: 409, code: 'CURRENT_SESSION', when: 'the id is the session making the request: sign out instead' } as const;
const SessionParams = Type.Object({ id: Id('The session id') });

export const listMySessions = route({
  method: 'GET',
  path: '/api/admin/account/sessions',
  operationId: 'listMySessions',
  tag: 'session',
  summary: 'My active sessions',
  description: 'My sessions that have not ended or expired, the most recently seen first; `current` marks this one.',
  access: 'admin',
  data: Type.Array(Session),
});

export const endMySession = route({
  method: 'DELETE',
  path: '/api/admin/account/sessions/:id',
  operationId: 'endMySession',
  tag: 'session',
  summary: 'End one of my other sessions',
  description: 'Its token stops working at once. Audited (session.end).',
  access: 'admin',
  params: SessionParams,
  data: Type.Object({ ended: Type.Integer() }),
  errors: [SESSION_NOT_FOUND, CURRENT_SESSION],
});

export const endMyOtherSessions = route({
  method: 'POST',
  path: '/api/admin/account/sessions/end-others',
  operationId: 'endMyOtherSessions',
  tag: 'session',
  summary: 'End all my other sessions',
  description: 'Every session of mine but this one ends at once. Audited (session.end-others).',
  access: 'admin',
  data: Type.Object({ ended: Type.Integer() }),
});

export const listAllSessions = route({
  method: 'GET',
  path: '/api/admin/sessions',
  operationId: 'listAllSessions',
  tag: 'session',
  summary: 'Every administrator’s active sessions',
  description: 'Owners only. The most recently seen first.',
  access: 'admin',
  role: 'owner',
  data: Type.Array(Session),
});

export const endAnySession = route({
  method: 'DELETE',
  path: '/api/admin/sessions/:id',
  operationId: 'endAnySession',
  tag: 'session',
  summary: 'End any administrator’s session',
  description: 'Owners only. Its token stops working at once. Audited (session.end).',
  access: 'admin',
  role: 'owner',
  params: SessionParams,
  data: Type.Object({ ended: Type.Integer() }),
  errors: [SESSION_NOT_FOUND, CURRENT_SESSION],
});

export const reauthenticate = route({
  method: 'POST',
  path: '/api/admin/account/reauthenticate',
  operationId: 'reauthenticate',
  tag: 'session',
  summary: 'Enter my password again (step-up)',
  description:
    'Records on this session that the password was just entered: a refund, and an add-coins above the step-up amount, are allowed for the next 5 minutes. Wrong passwords are throttled per session (THROTTLED_SESSION), audited (account.reauth.failed) and withdraw the allowance this session had (sign-in included).',
  access: 'admin',
  body: Type.Object({ password: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
  data: Type.Object({ reauthenticated: Type.Boolean(), validForSeconds: Type.Integer() }),
  errors: [
    { status: 403, code: 'WRONG_PASSWORD', when: 'the password is wrong' },
    THROTTLED_SESSION,
  ],
});
