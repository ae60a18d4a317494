// The projects calls through the real signed client against a fake API at the network edge.
import { QueryClient } from '@tanstack/react-query';
import { installFakeApi, fail, ok, type FakeRequest } from '@growth-admin/shared-client/testing';
import type { ProjectInput } from '@growth-admin/shared-client';
import { createProject, deleteProject, getProjects, keys, queries, updateProject } from './projects';

const project: ProjectInput = {
  projectName: 'Likes Pro',
  projectId: 'com.example.likes',
  team: 'growth',
  appId: 123456,
  buildNumber: 202611210000,
  checkNumber: 202611210000,
  testing: false,
  online: true,
  enablePush: true,
  enableRate: false,
  blockedRegions: ['EU', 'AP'],
  productIdList: { '10001': 'coins_100', '10006': 'coins_max' },
  iapCountryLimits: { US: 100, CN: 0 },
};

/** Runs `run` against an API answering `data` on `route` and returns the one request it sent. */
async function sentBy(route: string, run: () => Promise<unknown>, data: unknown = null): Promise<FakeRequest> {
  const requests = installFakeApi({ [route]: () => ok(data) });
  await run();
  expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([route]);
  return requests[0];
}

test('getProjects GETs the list', async () => {
  const list = [{ _id: 'p1', ...project }];
  installFakeApi({ 'GET /api/admin/projects': () => ok(list) });
  await expect(getProjects()).resolves.toEqual(list);
});

test('createProject POSTs every field', async () => {
  expect((await sentBy('POST /api/admin/projects', () => createProject(project))).body).toEqual(project);
});

test('updateProject PUTs every field to the (encoded) project path', async () => {
  expect((await sentBy('PUT /api/admin/projects/p1', () => updateProject('p1', project))).body).toEqual(project);
  await sentBy('PUT /api/admin/projects/a%20b%2Fc', () => updateProject('a b/c', project));
});

test('deleteProject DELETEs the project path with no body', async () => {
  expect((await sentBy('DELETE /api/admin/projects/p1', () => deleteProject('p1'))).body).toBeUndefined();
});

test('a failed project call rejects with the normalised error', async () => {
  installFakeApi({ 'POST /api/admin/projects': () => fail(400, 'appId is required') });
  await expect(createProject(project)).rejects.toMatchObject({ message: 'appId is required', status: 400 });
});

test('the list query: its key, under the projects prefix, with its fetcher', async () => {
  expect(queries.projects().queryKey).toEqual(['growth-admin', 'projects', 'list']);
  expect(keys.list().slice(0, keys.all.length)).toEqual(keys.all);
  const requests = installFakeApi({ 'GET /api/admin/projects': () => ok([]) });
  await new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(queries.projects());
  expect(requests).toHaveLength(1);
});
