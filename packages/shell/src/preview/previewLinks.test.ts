// A preview link survives the sign-in: it leaves the address bar at once and waits in the tab's
// sessionStorage; a signed-in session enters every kept link (the API faked at the network edge),
// then the runtime config is read again; a refused link is reported, never dropped silently.
import { fail, installFakeApi, ok, requestsTo } from '@growth-admin/shared-client/testing';
import type { RuntimeConfig } from '../boot/runtimeConfig';
import { TEST_RUNTIME_CONFIG } from '../testing/testRuntimeConfig';
import { keepPreviewLink, PREVIEW_LINKS_KEY, withPreviewLinks } from './link';

const CONFIG_URL = 'http://api.test/api/runtime-config';
const PREVIEWED: RuntimeConfig = {
  ...TEST_RUNTIME_CONFIG,
  previews: [{ remote: 'projects', label: 'pr-42', releaseId: '7', version: '2.0.0-pr', status: 'active', expiresAt: '2030-01-01T00:00:00.000Z' }],
};

afterEach(() => sessionStorage.clear());

describe('keepPreviewLink', () => {
  it('moves the token from the address bar into the tab, keeping the path, the other parameters and the hash', () => {
    window.history.replaceState({ kept: 1 }, '', '/orders?status=paid&preview=pv1.a.b#top');
    keepPreviewLink();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/orders?status=paid#top');
    expect(window.history.state).toEqual({ kept: 1 });
    expect(sessionStorage.getItem(PREVIEW_LINKS_KEY)?.split('\n').filter(Boolean)).toEqual(['pv1.a.b']);
  });

  it('keeps several links opened one after another; a page without one changes nothing', () => {
    window.history.replaceState(null, '', '/?preview=pv1.first.sig');
    keepPreviewLink();
    window.history.replaceState(null, '', '/analytics');
    keepPreviewLink();
    expect(window.location.pathname).toBe('/analytics');
    window.history.replaceState(null, '', '/?preview=pv1.second.sig');
    keepPreviewLink();
    expect(window.location.search).toBe('');
    expect(sessionStorage.getItem(PREVIEW_LINKS_KEY)?.split('\n').filter(Boolean)).toEqual(['pv1.first.sig', 'pv1.second.sig']);
  });
});

describe('withPreviewLinks', () => {
  it('without a kept link, answers the config as it is and calls nothing', async () => {
    const requests = installFakeApi({});
    await expect(withPreviewLinks(TEST_RUNTIME_CONFIG, 'session-token', CONFIG_URL)).resolves.toBe(TEST_RUNTIME_CONFIG);
    expect(requests).toEqual([]);
  });

  it("enters each kept link once, in order, with the session's token, then answers the config read again with it", async () => {
    const requests = installFakeApi({
      'POST /api/admin/previews': () => ok(PREVIEWED.previews![0]),
      'GET /api/runtime-config': () => ok(PREVIEWED),
    });
    sessionStorage.setItem(PREVIEW_LINKS_KEY, '\npv1.first.sig\npv1.second.sig\npv1.first.sig');
    const config = await withPreviewLinks(TEST_RUNTIME_CONFIG, 'session-token', CONFIG_URL);
    const entered = requestsTo(requests, 'POST /api/admin/previews');
    expect(entered.map((r) => r.body)).toEqual([{ token: 'pv1.first.sig' }, { token: 'pv1.second.sig' }]);
    expect(entered.map((r) => r.headers.Authorization)).toEqual(['Bearer session-token', 'Bearer session-token']);
    const read = requestsTo(requests, 'GET /api/runtime-config');
    expect(read).toHaveLength(1);
    expect(read[0].headers.Authorization).toBe('Bearer session-token');
    expect(config.previews).toEqual(PREVIEWED.previews);
    expect(config.previewLinkErrors).toBeUndefined();
    expect(sessionStorage.getItem(PREVIEW_LINKS_KEY)).toBeNull(); // entered once, not on every load
  });

  it("a refused link (forged: 403, or naming no preview: 404) is reported with the API's reason; the others are entered", async () => {
    const refusals: Record<string, ReturnType<typeof fail>> = {
      'pv1.forged.sig': fail(403, 'The preview link is not one this server signed (forged, altered or cut short): ask for the link again', 'PREVIEW_TOKEN_INVALID'),
      'pv1.gone.sig': fail(404, 'No preview pr-9 of projects is in the registry', 'PREVIEW_NOT_FOUND'),
    };
    installFakeApi({
      'POST /api/admin/previews': (r) => refusals[(r.body as { token: string }).token] ?? ok(PREVIEWED.previews![0]),
      'GET /api/runtime-config': () => ok(PREVIEWED),
    });
    sessionStorage.setItem(PREVIEW_LINKS_KEY, 'pv1.forged.sig\npv1.good.sig\npv1.gone.sig');
    const config = await withPreviewLinks(TEST_RUNTIME_CONFIG, 'session-token', CONFIG_URL);
    expect(config.previews).toEqual(PREVIEWED.previews);
    expect(config.previewLinkErrors).toEqual([
      'The preview link is not one this server signed (forged, altered or cut short): ask for the link again',
      'No preview pr-9 of projects is in the registry',
    ]);
  });

  it('when every link is refused the config is not read again', async () => {
    const requests = installFakeApi({ 'POST /api/admin/previews': () => fail(404, 'No preview pr-9 of projects is in the registry', 'PREVIEW_NOT_FOUND') });
    sessionStorage.setItem(PREVIEW_LINKS_KEY, 'pv1.gone.sig');
    const config = await withPreviewLinks(TEST_RUNTIME_CONFIG, 'session-token', CONFIG_URL);
    expect(requestsTo(requests, 'GET /api/runtime-config')).toEqual([]);
    expect(config).toEqual({ ...TEST_RUNTIME_CONFIG, previewLinkErrors: ['No preview pr-9 of projects is in the registry'] });
  });
});
