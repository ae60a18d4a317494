// What every origin tells the browser (packages/web-security), and that the browser enforces it:
// the headers of the shell, each remote and the API; the shell refused inside a frame (by the
// header, and by the shell itself where a host forgot it); Trusted Types refusing markup and foreign
// scripts; a violation reported to the API and readable by operators.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join, normalize } from 'node:path';
import { adminCredentials, apiLogin, expect, signatureHeaders, signedApi, signInViaApi, systemInfo, test } from '../support';

const SHELL_DIST = join(__dirname, '../../packages/shell/dist');

/** `directive → sources` of a CSP header. */
function csp(header: string | null): Record<string, string[]> {
  expect(header, 'Content-Security-Policy').toBeTruthy();
  return Object.fromEntries(header!.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
}

const get = (url: string) => fetch(url, { redirect: 'manual' });

function expectBase(headers: Headers, what: string) {
  expect.soft(headers.get('x-content-type-options'), `${what}: nosniff`).toBe('nosniff');
  expect.soft(headers.get('referrer-policy'), `${what}: Referrer-Policy`).toBe('no-referrer');
  expect.soft(headers.get('x-frame-options'), `${what}: X-Frame-Options`).toBe('DENY');
}

/** A page's headers, and the nonce its markup carries. */
async function page(url: string) {
  const res = await get(url);
  expect(res.status, url).toBe(200);
  const html = await res.text();
  const nonces = [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
  return { headers: res.headers, html, nonces };
}

test.describe('every origin sends its security headers', () => {
  test("the shell's page: strict CSP naming the registered remotes, a fresh nonce each time, never framed or stored", async () => {
    const { baseUrl, apiUrl, remoteUrls, storeUrl } = systemInfo();
    for (const path of ['/', '/users', '/orders']) {
      const { headers, nonces } = await page(`${baseUrl}${path}`);
      expectBase(headers, path);
      const policy = csp(headers.get('content-security-policy'));
      // The remotes' own origins and the versioned release store.
      expect(policy['script-src']).toEqual(["'self'", `'nonce-${nonces[0]}'`, ...Object.values(remoteUrls).map((u) => new URL(u).origin), new URL(storeUrl).origin]);
      expect(policy['style-src']).toEqual(["'self'", `'nonce-${nonces[0]}'`]);
      expect(nonces.length).toBeGreaterThanOrEqual(3); // the meta the shell reads, the inline boot styles and the layout-shape script
      expect(new Set(nonces).size).toBe(1);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['require-trusted-types-for']).toEqual(["'script'"]);
      expect(policy['connect-src']).toContain(new URL(apiUrl).origin);
      expect(policy['report-uri']).toEqual([`${new URL(apiUrl).origin}/api/csp-report`]);
      expect(headers.get('content-security-policy')).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(headers.get('permissions-policy')).toContain('camera=()');
      expect(headers.get('cache-control')).toBe('no-store');
    }
    const [a, b] = [await page(`${baseUrl}/`), await page(`${baseUrl}/`)];
    expect(a.nonces[0]).not.toBe(b.nonces[0]);
  });

  test("the shell's files: nosniff, a CSP that runs nothing, same-origin only", async () => {
    const { baseUrl } = systemInfo();
    const { html } = await page(`${baseUrl}/`);
    const script = /<script[^>]+src="([^"]+)"/.exec(html)![1];
    for (const path of [script, '/runtime-config.json']) {
      const res = await get(new URL(path, baseUrl).href);
      expect(res.status, path).toBe(200);
      expectBase(res.headers, path);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    }
  });

  test("each remote: its files may be loaded by the shell's origin; its standalone page runs only its own scripts", async () => {
    for (const [name, origin] of Object.entries(systemInfo().remoteUrls)) {
      for (const path of ['/remoteEntry.js', '/mf-manifest.json']) {
        const res = await get(`${origin}${path}`);
        expect(res.status, `${name}${path}`).toBe(200);
        expectBase(res.headers, `${name}${path}`);
        expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
        expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      }
      const { headers, nonces } = await page(`${origin}/`);
      expectBase(headers, `${name} standalone page`);
      const policy = csp(headers.get('content-security-policy'));
      expect(policy['script-src']).toEqual(["'self'", `'nonce-${nonces[0]}'`]);
      expect(policy['style-src']).toEqual(["'self'", `'nonce-${nonces[0]}'`]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
    }
  });

  test("the release store: a released version's files load cross-origin, every file is cached for ever (none is ever rewritten), nothing runs as a page", async () => {
    const { storeUrl, storeDir } = systemInfo();
    const version = join(storeDir, 'orders', `headers-probe-${Date.now()}`);
    await mkdir(version, { recursive: true });
    await writeFile(join(version, 'mf-manifest.json'), '{}');
    await writeFile(join(version, 'main.0123456789.js'), 'void 0;');
    const base = `${storeUrl}/orders/${basename(version)}`;
    for (const [file, cache] of [
      ['main.0123456789.js', 'public, max-age=31536000, immutable'],
      ['mf-manifest.json', 'public, max-age=31536000, immutable'],
    ]) {
      const res = await get(`${base}/${file}`);
      expect(res.status, file).toBe(200);
      expectBase(res.headers, file);
      expect(res.headers.get('cache-control')).toBe(cache);
      expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  test('the API: nosniff, a CSP under which JSON runs nothing, and nothing stored: the sign-in answer, data, errors', async () => {
    const { apiUrl } = systemInfo();
    const login = await fetch(`${apiUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...signatureHeaders() },
      body: JSON.stringify(adminCredentials()),
    });
    expect(login.status).toBe(200); // the answer carrying the session token
    const { token } = await apiLogin();
    const answers = [
      login,
      await fetch(`${apiUrl}/api/admin/projects`, { headers: { ...signatureHeaders(), Authorization: `Bearer ${token}` } }),
      await fetch(`${apiUrl}/api/admin/projects`), // unsigned: 403
      await fetch(`${apiUrl}/healthz`),
      await fetch(`${apiUrl}/api/admin/nowhere`),
    ];
    for (const res of answers) {
      expectBase(res.headers, res.url);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 403, 200, 404]);
  });
});

/** A page on another origin that frames `url`. */
async function framingSite(targetFor: (own: string) => string, extra?: (path: string) => Promise<{ type: string; body: Buffer } | null>) {
  let own = '';
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/attack') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      return res.end(`<!doctype html><h1>Win a prize</h1><iframe id="victim" src="${targetFor(own)}" width="900" height="600"></iframe>`);
    }
    const file = extra ? await extra(path) : null;
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': file.type });
    res.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  own = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: `${own}/attack`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test.describe('framing', () => {
  test.use({ allowCspViolations: true });

  test('the shell refuses to render inside a frame on another site (frame-ancestors), and the attempt is reported', async ({ page }) => {
    const { baseUrl } = systemInfo();
    const site = await framingSite(() => `${baseUrl}/orders`);
    try {
      await page.goto(site.url);
      await expect(page.getByRole('heading', { name: 'Win a prize' })).toBeVisible();
      const frame = page.frameLocator('#victim');
      await expect.poll(() => page.frames().length).toBe(2);
      // The browser refused the document: no login screen, no panel in the frame.
      await expect.poll(() => page.frames()[1].url()).toMatch(/^chrome-error:/);
      await expect(frame.getByText('Admin Login')).toHaveCount(0);
      const api = await signedApi();
      await expect
        .poll(async () => {
          const { reports } = await api.get<{ reports: Array<{ directive: string; documentUrl: string }> }>('/api/admin/security/csp-reports', { limit: 50 });
          return reports.some((r) => r.directive === 'frame-ancestors' && r.documentUrl.startsWith(baseUrl));
        })
        .toBe(true);
    } finally {
      await site.close();
    }
  });

  test("where a host forgot the header, the shell's own check refuses to render in a frame", async ({ page }) => {
    // The shell's built files served bare (no headers at all) from one origin, framed by another.
    const bare = await framingSite(
      () => '',
      async (path) => {
        const file = normalize(join(SHELL_DIST, path === '/' ? 'index.html' : path));
        if (!file.startsWith(SHELL_DIST)) return null;
        try {
          return { type: file.endsWith('.js') ? 'text/javascript' : file.endsWith('.json') ? 'application/json' : 'text/html', body: await readFile(file) };
        } catch {
          return null;
        }
      },
    );
    const attacker = await framingSite(() => bare.url.replace('/attack', '/'));
    try {
      await page.goto(attacker.url);
      const frame = page.frameLocator('#victim');
      await expect(frame.getByText('Growth Admin cannot be shown inside a frame.')).toBeVisible();
      await expect(frame.getByText('Admin Login')).toHaveCount(0);
    } finally {
      await attacker.close();
      await bare.close();
    }
  });
});

test.describe('in the signed-in panel', () => {
  test.use({ allowCspViolations: true });

  test('Trusted Types let no markup into HTML sinks and no script from an unregistered origin; a remote origin is fine', async ({ page, cspViolations }) => {
    await signInViaApi(page, '/');
    const remote = Object.values(systemInfo().remoteUrls)[0];
    const outcome = await page.evaluate((remoteUrl) => {
      const attempt = (fn: () => void) => {
        try {
          fn();
          return 'allowed';
        } catch {
          return 'refused';
        }
      };
      return {
        markup: attempt(() => (document.createElement('div').innerHTML = '<img src=x onerror=alert(1)>')),
        text: attempt(() => (document.createElement('div').innerHTML = 'plain text')),
        foreignScript: attempt(() => (document.createElement('script').src = 'https://evil.example/x.js')),
        remoteScript: attempt(() => (document.createElement('script').src = `${remoteUrl}/remoteEntry.js`)),
        inlineScript: attempt(() => (document.createElement('script').textContent = 'alert(1)')),
      };
    }, remote);
    expect(outcome).toEqual({ markup: 'refused', text: 'allowed', foreignScript: 'refused', remoteScript: 'allowed', inlineScript: 'refused' });
    await expect.poll(() => cspViolations.filter((v) => v.directive === 'require-trusted-types-for').length).toBe(3);
  });

  test('a blocked load is reported to the API, where operators read it', async ({ page, cspViolations }) => {
    await signInViaApi(page, '/');
    const marker = `https://evil.example/beacon-${Date.now()}.png`;
    await page.evaluate((src) => {
      const img = document.createElement('img');
      img.src = src; // img-src does not allow this host
      document.body.append(img);
    }, marker);
    await expect.poll(() => cspViolations.some((v) => v.directive === 'img-src' && v.blocked === marker)).toBe(true);
    const api = await signedApi();
    await expect
      .poll(async () => {
        const { reports } = await api.get<{ reports: Array<{ blockedUrl: string; directive: string }> }>('/api/admin/security/csp-reports', { limit: 50 });
        return reports.find((r) => r.blockedUrl === marker)?.directive ?? null;
      })
      .toBe('img-src');
  });
});
