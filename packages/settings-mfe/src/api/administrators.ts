// The administrator calls of Settings → Administrators (owners), over shared-client's typed call.
import { call, type Administrator, type Role } from '@growth-admin/shared-client';

/** GET /api/admin/administrators (owners). */
export function getAdministrators(): Promise<Administrator[]> {
  return call('get', '/api/admin/administrators', {});
}

/** POST /api/admin/administrators (owners). */
export function addAdministrator(body: { username: string; role: Role; password: string }): Promise<Administrator> {
  return call('post', '/api/admin/administrators', { body });
}

/** PUT /api/admin/administrators/:id (owners): role, disabled, or a new password. */
export function updateAdministrator(id: string, body: { role?: Role; disabled?: boolean; password?: string }): Promise<Administrator> {
  return call('put', '/api/admin/administrators/{id}', { params: { id }, body });
}
