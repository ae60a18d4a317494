// The signed-in administrator's development overrides (Settings → Remotes), over shared-client's typed
// call (docs/releases.md "A developer's own override").
import { call, type MyOverride } from '@growth-admin/shared-client';

/** GET /api/admin/overrides: the administrator's overrides in all their live sessions, this session's marked. */
export function getMyOverrides(): Promise<MyOverride[]> {
  return call('get', '/api/admin/overrides', {});
}

/** DELETE /api/admin/overrides/:remote: ends this session's override of the remote. */
export function endOverride(remote: string): Promise<{ ended: boolean }> {
  return call('delete', '/api/admin/overrides/{remote}', { params: { remote } });
}
