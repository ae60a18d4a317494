// The shell's calls for a developer's override, over the core's typed `call`.
import { call } from '@growth-admin/shared-client';

export const setOverride = (remote: string, manifestUrl: string) => call('post', '/api/admin/overrides', { body: { remote, manifestUrl } });

export const endOverride = (remote: string) => call('delete', '/api/admin/overrides/{remote}', { params: { remote } });
