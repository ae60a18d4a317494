// The account and session calls of Settings → Account and Sessions, over shared-client's typed call.
import { call, type Session } from '@growth-admin/shared-client';

/** GET /api/admin/account/sessions: my active sessions, `current` marking this one. */
export function getMySessions(): Promise<Session[]> {
  return call('get', '/api/admin/account/sessions', {});
}

/** GET /api/admin/sessions (owners): every administrator's active sessions. */
export function getAllSessions(): Promise<Session[]> {
  return call('get', '/api/admin/sessions', {});
}

/** Ends one session: one of mine, or (`anyone`, owners) anyone's. */
export function endSession(id: string, anyone = false): Promise<{ ended: number }> {
  return anyone ? call('delete', '/api/admin/sessions/{id}', { params: { id } }) : call('delete', '/api/admin/account/sessions/{id}', { params: { id } });
}

/** POST /api/admin/account/sessions/end-others: every session of mine but this one ends. */
export function endMyOtherSessions(): Promise<{ ended: number }> {
  return call('post', '/api/admin/account/sessions/end-others', {});
}

/** POST /api/admin/account/password: my own password; my other sessions end. */
export function changeOwnPassword(body: { currentPassword: string; newPassword: string }): Promise<{ changed: boolean; otherSessionsEnded: number }> {
  return call('post', '/api/admin/account/password', { body });
}
