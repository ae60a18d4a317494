// The shell's calls for preview releases (docs/releases.md "Preview releases"), over shared-client's
// typed `call`: a session enters a preview by its link's token and leaves it.
import { call, type SessionPreview } from '@growth-admin/shared-client';

/**
 * POST /api/admin/previews: records the token's preview on the session `sessionToken` (the sign-in's,
 * before it is stored) or the stored one. 403 PREVIEW_TOKEN_INVALID for a token the server did not
 * sign, 404 PREVIEW_NOT_FOUND for one naming no preview.
 */
export function enterPreview(token: string, sessionToken?: string): Promise<SessionPreview> {
  return call('post', '/api/admin/previews', { body: { token }, ...(sessionToken ? { token: sessionToken } : {}) });
}

/** DELETE /api/admin/previews/:remote: this session leaves its preview of `remote` (gets the chosen release). */
export function leavePreview(remote: string): Promise<{ left: boolean }> {
  return call('delete', '/api/admin/previews/{remote}', { params: { remote } });
}
