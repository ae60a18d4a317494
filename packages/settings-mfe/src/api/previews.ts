// A remote's preview releases (Settings → Remotes), over shared-client's typed call: every
// administrator lists them, owners delete one (docs/releases.md "Preview releases").
import { call, type Preview } from '@growth-admin/shared-client';

/** GET /api/admin/releases/:remote/previews: its previews, newest first, each with its link (expired ones too, until deleted or cleaned up). */
export function getPreviews(remote: string): Promise<Preview[]> {
  return call('get', '/api/admin/releases/{remote}/previews', { params: { remote } });
}

/** DELETE /api/admin/releases/:remote/previews/:label (owners): the link stops serving it. */
export function deletePreview(remote: string, label: string): Promise<Preview> {
  return call('delete', '/api/admin/releases/{remote}/previews/{label}', { params: { remote, label } });
}
