// The registry's remotes and deploy tokens, through the real signed client against a fake API at
// the network edge: what each call sends, what it answers, and how a refusal reaches the screen.
import { ApiError } from '@growth-admin/shared-client';
import { fail, installFakeApi, ok, requestsTo } from '@growth-admin/shared-client/testing';
import { createDeployToken, createRemote, decommissionRemote, getDeployTokens, getRemotes, revokeDeployToken } from './remotes';

const remote = {
  name: 'tickets',
  team: 'support',
  origin: 'https://cdn.example.com',
  createdAt: '2026-11-26T07:00:00.000Z',
  createdBy: 'admin',
  decommissionedAt: null,
  decommissionedBy: null,
};
const token = {
  name: 'tickets-deploy',
  remote: 'tickets',
  createdAt: '2026-11-26T07:00:00.000Z',
  createdBy: 'admin',
  expiresAt: '2027-02-24T07:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

test('getRemotes and getDeployTokens read the lists', async () => {
  const calls = installFakeApi({ 'GET /api/admin/remotes': () => ok([remote]), 'GET /api/admin/deploy-tokens': () => ok([token]) });
  await expect(getRemotes()).resolves.toEqual([remote]);
  await expect(getDeployTokens()).resolves.toEqual([token]);
  expect(requestsTo(calls, 'GET /api/admin/remotes')).toHaveLength(1);
  expect(requestsTo(calls, 'GET /api/admin/deploy-tokens')).toHaveLength(1);
});

test('createRemote posts name, team and origin and answers the remote with its token', async () => {
  const answer = { remote, deployToken: { token: 'deploy_abc', deployToken: token } };
  const calls = installFakeApi({ 'POST /api/admin/remotes': () => ok(answer) });
  await expect(createRemote({ name: 'tickets', team: 'support', origin: 'https://cdn.example.com' })).resolves.toEqual(answer);
  const [sent] = requestsTo(calls, 'POST /api/admin/remotes');
  expect(sent.body).toEqual({ name: 'tickets', team: 'support', origin: 'https://cdn.example.com' });
  expect(sent.headers['Content-Type']).toBe('application/json');
});

test('a taken name is an ApiError with the code and the message of the API', async () => {
  installFakeApi({ 'POST /api/admin/remotes': () => fail(409, 'A remote named tickets exists', 'REMOTE_EXISTS') });
  const refused = createRemote({ name: 'tickets', team: 'support', origin: 'https://cdn.example.com' });
  await expect(refused).rejects.toBeInstanceOf(ApiError);
  await expect(refused).rejects.toMatchObject({ status: 409, code: 'REMOTE_EXISTS', message: 'A remote named tickets exists' });
});

test('decommissionRemote and revokeDeployToken post to the one named (encoded)', async () => {
  const calls = installFakeApi({
    'POST /api/admin/remotes/tickets/decommission': () => ok({ ...remote, decommissionedAt: '2026-11-26T08:00:00.000Z', decommissionedBy: 'admin' }),
    'POST /api/admin/deploy-tokens/ci.tickets_1/revoke': () => ok({ ...token, revokedAt: '2026-11-26T08:00:00.000Z' }),
  });
  await expect(decommissionRemote('tickets')).resolves.toMatchObject({ decommissionedBy: 'admin' });
  await expect(revokeDeployToken('ci.tickets_1')).resolves.toMatchObject({ revokedAt: '2026-11-26T08:00:00.000Z' });
  expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/admin/remotes/tickets/decommission', 'POST /api/admin/deploy-tokens/ci.tickets_1/revoke']);
});

test('createDeployToken posts the name, the remote and the expiry, and leaves the expiry out when not given', async () => {
  const answer = { token: 'deploy_xyz', deployToken: { ...token, name: 'ci' } };
  const calls = installFakeApi({ 'POST /api/admin/deploy-tokens': () => ok(answer) });
  await expect(createDeployToken({ name: 'ci', remote: 'tickets', expiresInDays: 30 })).resolves.toEqual(answer);
  await createDeployToken({ name: 'ci2', remote: 'tickets' });
  expect(requestsTo(calls, 'POST /api/admin/deploy-tokens').map((c) => c.body)).toEqual([
    { name: 'ci', remote: 'tickets', expiresInDays: 30 },
    { name: 'ci2', remote: 'tickets' },
  ]);
});
