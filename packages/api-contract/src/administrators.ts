// Administrators and their own accounts: owners manage administrators; everyone changes
// their own password.
import { Type } from '@sinclair/typebox';
import { RoleSchema, THROTTLED_SESSION } from './auth';
import { route } from './route';

export const PASSWORD_MIN_LENGTH = 12;
const Password = Type.String({ minLength: 1, maxLength: 200, description: `At least ${PASSWORD_MIN_LENGTH} characters, not containing the username` });
const Username = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._@-]+$', description: 'Letters, digits and . _ @ -' });

export const Administrator = Type.Object({
  id: Type.String(),
  username: Type.String(),
  role: RoleSchema,
  createdAt: Type.String(),
  disabled: Type.Boolean({ description: 'A disabled administrator cannot sign in; their sessions ended when disabled' }),
});

const WEAK_PASSWORD = { status: 400, code: 'WEAK_PASSWORD', when: `the new password is shorter than ${PASSWORD_MIN_LENGTH} characters or contains the username` } as const;
const ADMIN_NOT_FOUND = { status: 404, code: 'ADMIN_NOT_FOUND', when: 'no administrator has that id' } as const;
const LAST_OWNER = { status: 409, code: 'LAST_OWNER', when: 'the change would leave no active owner' } as const;

export const listAdmins = route({
  method: 'GET',
  path: '/api/admin/administrators',
  operationId: 'listAdministrators',
  tag: 'administrators',
  summary: 'List administrators',
  description: 'Every administrator, oldest first. Owners only.',
  access: 'admin',
  role: 'owner',
  data: Type.Array(Administrator),
});

export const addAdmin = route({
  method: 'POST',
  path: '/api/admin/administrators',
  operationId: 'addAdministrator',
  tag: 'administrators',
  summary: 'Add an administrator',
  description: 'Owners only. Audited (admin.create).',
  access: 'admin',
  role: 'owner',
  body: Type.Object({ username: Username, role: RoleSchema, password: Password }, { additionalProperties: false }),
  data: Administrator,
  errors: [WEAK_PASSWORD, { status: 409, code: 'DUPLICATE_USERNAME', when: 'an administrator already has that username' }],
});

export const updateAdmin = route({
  method: 'PUT',
  path: '/api/admin/administrators/:id',
  operationId: 'updateAdministrator',
  tag: 'administrators',
  summary: 'Change, disable, enable or reset an administrator',
  description:
    'Owners only; only the fields sent change. Disabling ends the administrator’s sessions at once; a password reset ends them too. The last active owner cannot be disabled or demoted. Audited (admin.update) with the before and after.',
  access: 'admin',
  role: 'owner',
  params: Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) }),
  body: Type.Object(
    { role: Type.Optional(RoleSchema), disabled: Type.Optional(Type.Boolean()), password: Type.Optional(Password) },
    { additionalProperties: false, minProperties: 1 },
  ),
  data: Administrator,
  errors: [WEAK_PASSWORD, ADMIN_NOT_FOUND, LAST_OWNER],
});

export const changeOwnPassword = route({
  method: 'POST',
  path: '/api/admin/account/password',
  operationId: 'changeOwnPassword',
  tag: 'administrators',
  summary: 'Change my password',
  description:
    'Needs the current password, checked like every password: wrong ones are throttled per session (THROTTLED_SESSION) and audited (account.password.failed). Every other session of mine ends; this one stays. Audited (account.password).',
  access: 'admin',
  body: Type.Object({ currentPassword: Type.String({ minLength: 1, maxLength: 200 }), newPassword: Password }, { additionalProperties: false }),
  data: Type.Object({ changed: Type.Boolean(), otherSessionsEnded: Type.Integer() }),
  errors: [WEAK_PASSWORD, { status: 403, code: 'WRONG_PASSWORD', when: 'the current password is wrong' }, THROTTLED_SESSION],
});
