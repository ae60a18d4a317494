// The shared fake of the API's network edge, with a per-route filter of the requests it saw.
import { installFakeApi as installSharedFakeApi, type FakeHandler } from '@growth-admin/shared-client/testing';

export * from '@growth-admin/shared-client/testing';

export function installFakeApi(routes: Record<string, FakeHandler>) {
  const requests = installSharedFakeApi(routes);
  const calls = (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path);
  return { requests, calls };
}
