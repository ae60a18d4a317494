// What the API tells browsers (security headers on every answer) and the CSP report endpoint.
import { startTestServer, type TestServer } from './helpers';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
  await t.api.login();
});
afterAll(() => t?.close());

const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

function expectApiHeaders(headers: Headers) {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('content-security-policy')).toBe(JSON_CSP);
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('cache-control')).toBe('no-store');
}

describe('security headers', () => {
  test('the sign-in answer (it carries the token) and authenticated answers: nosniff, no-store, a CSP that runs nothing', async () => {
    const login = await t.api.post('/api/admin/login', { username: 'admin', password: 'correct-horse-battery' }, { token: null });
    expect(login.status).toBe(200);
    expectApiHeaders(login.headers);
    const projects = await t.api.get('/api/admin/projects');
    expect(projects.status).toBe(200);
    expectApiHeaders(projects.headers);
  });

  test('errors too: validation, unauthenticated, unsigned, unknown route, preflight', async () => {
    const answers = [
      await t.api.get('/api/admin/persons/list', { query: { page: 'x' } }),
      await t.api.get('/api/admin/projects', { token: null }),
      await t.api.get('/api/admin/projects', { sign: false }),
      await t.api.get('/api/admin/nowhere'),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 401, 403, 404]);
    answers.forEach((a) => expectApiHeaders(a.headers));
    const preflight = await fetch(`${t.url}/api/admin/projects`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expectApiHeaders(preflight.headers);
  });

  test('the image proxy keeps its public cache and its sandbox, with nosniff', async () => {
    const res = await fetch(`${t.url}/api/admin/image-proxy?url=${encodeURIComponent('https://avatars.demo.growth-admin.local/u/1.svg')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('CSP reports', () => {
  const legacy = (blocked: string) => ({
    'csp-report': {
      'document-uri': 'http://localhost:3000/users',
      'violated-directive': 'script-src-elem',
      'effective-directive': 'script-src-elem',
      'blocked-uri': blocked,
      'source-file': 'http://localhost:3000/main.js',
      'line-number': 12,
      'column-number': 34,
      'script-sample': '',
      disposition: 'enforce',
    },
  });
  const post = (body: unknown, contentType: string) =>
    fetch(`${t.url}/api/csp-report`, {
      method: 'POST',
      headers: { 'Content-Type': contentType, 'User-Agent': 'jest' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const list = async () => (await t.api.get('/api/admin/security/csp-reports', { query: { limit: 10 } })).body.data;

  test('takes a report-uri report without our headers, and operators read it, newest first', async () => {
    const res = await post(legacy('https://evil.example/x.js'), 'application/csp-report');
    expect(res.status).toBe(204);
    const { reports, total } = await list();
    expect(total).toBeGreaterThanOrEqual(1);
    expect(reports[0]).toMatchObject({
      documentUrl: 'http://localhost:3000/users',
      directive: 'script-src-elem',
      blockedUrl: 'https://evil.example/x.js',
      sourceFile: 'http://localhost:3000/main.js',
      line: 12,
      column: 34,
      disposition: 'enforce',
      userAgent: 'jest',
    });
  });

  test('takes Reporting API batches (report-to), skipping other report types', async () => {
    const res = await post(
      [
        { type: 'deprecation', body: { id: 'x' } },
        { type: 'csp-violation', body: { documentURL: 'http://localhost:3000/', effectiveDirective: 'require-trusted-types-for', blockedURL: 'trusted-types-sink', sample: 'Element innerHTML|<img', disposition: 'enforce' } },
      ],
      'application/reports+json',
    );
    expect(res.status).toBe(204);
    const { reports } = await list();
    expect(reports[0]).toMatchObject({ directive: 'require-trusted-types-for', blockedUrl: 'trusted-types-sink', sample: 'Element innerHTML|<img', line: null });
  });

  test('refuses what is not a report (400) and cuts long fields, so a report cannot fill the table', async () => {
    expect((await post('"text"', 'application/csp-report')).status).toBe(400);
    expect((await post('{', 'application/csp-report')).status).toBe(400);
    expect((await post(legacy('x'.repeat(100_000)), 'application/csp-report')).status).toBe(413);
    expect((await post(legacy(`https://a.example/${'y'.repeat(5000)}`), 'application/csp-report')).status).toBe(204);
    expect((await list()).reports[0].blockedUrl).toHaveLength(500);
  });

  test('is rate-limited per address (429), and reading the reports needs a session', async () => {
    const fresh = await startTestServer({ cspReportsPerMinutePerIp: 3, cspReportsPerMinute: 1000 });
    try {
      const send = () =>
        fetch(`${fresh.url}/api/csp-report`, { method: 'POST', headers: { 'Content-Type': 'application/csp-report' }, body: JSON.stringify(legacy('inline')) });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await send()).status);
      expect(statuses).toEqual([204, 204, 204, 429, 429]);
      const [{ n }] = await fresh.sql('select count(*)::int as n from csp_reports');
      expect(n).toBe(3);
      expect((await fresh.api.get('/api/admin/security/csp-reports', { token: null })).status).toBe(401);
    } finally {
      await fresh.close();
    }
  });
});
