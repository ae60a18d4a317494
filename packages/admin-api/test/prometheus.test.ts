// The admin API scraped by a real Prometheus (Debian's package) over loopback with its bearer
// token: a value the server counted is read back through Prometheus' HTTP API, and the alert rules
// the operations guide shows (prometheus/alerts.yml) load and pass their promtool unit tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from './helpers';
import { MISSING, PROMETHEUS, PROMTOOL, startPrometheus, type RunningPrometheus } from './prometheusServer';

const RULES = join(__dirname, '../prometheus/alerts.yml');
const TOKEN = 'prometheus-scrape-token';
let t: TestServer;
let prometheus: RunningPrometheus | undefined;

beforeAll(async () => {
  if (!existsSync(PROMETHEUS)) throw new Error(MISSING);
  t = await startTestServer({ metricsPort: 0, metricsToken: TOKEN });
  prometheus = await startPrometheus([{ job: 'admin-api', target: new URL(t.server.metricsUrl!).host, token: TOKEN }], { ruleFiles: [RULES] });
});
afterAll(async () => {
  await prometheus?.stop();
  await t?.close();
});

test('Prometheus scrapes /metrics with the token and answers what the server counted', async () => {
  const p = prometheus!;
  await p.until('up{job="admin-api"}', (v) => v.length === 1 && v[0] === 1);
  await t.api.login();
  for (let i = 0; i < 3; i++) expect((await t.api.post('/api/admin/login', { username: 'intruder', password: `wrong-${i}` }, { token: null })).status).toBe(401);
  expect(await p.until('admin_api_sign_ins_total{job="admin-api",outcome="invalid_credentials"}', (v) => v[0] === 3)).toEqual([3]);
  expect(await p.until('sum(admin_api_http_requests_total{job="admin-api",operation="login",status="200"})', (v) => v[0] === 1)).toEqual([1]);
  // A histogram quantile an operator would graph, computed by Prometheus from the buckets.
  const [p99] = await p.until('histogram_quantile(0.99, sum by (le) (admin_api_http_request_duration_seconds_bucket{operation="login"}))', (v) => v.length === 1 && v[0] > 0);
  expect(p99).toBeLessThan(30);
  // The alert rules are loaded, and none fires on this calm server.
  const rules = (await (await fetch(`${p.url}/api/v1/rules`)).json()) as { data: { groups: Array<{ rules: Array<{ name: string; health: string }> }> } };
  expect(rules.data.groups.flatMap((g) => g.rules.map((r) => `${r.name} ${r.health}`)).sort()).toEqual(['AdminApiLoadShedding ok', 'AdminApiServerErrors ok', 'AdminApiSignInAttack ok']);
  expect(await p.query('ALERTS{alertstate="firing"}')).toEqual([]);
});

test('a scrape without the token is refused: Prometheus reports the target down', async () => {
  const other = await startPrometheus([{ job: 'no-token', target: new URL(t.server.metricsUrl!).host }]);
  try {
    await other.until('up{job="no-token"}', (v) => v.length === 1 && v[0] === 0);
    const targets = (await (await fetch(`${other.url}/api/v1/targets`)).json()) as { data: { activeTargets: Array<{ lastError: string }> } };
    expect(targets.data.activeTargets[0].lastError).toContain('401');
  } finally {
    await other.stop();
  }
});

test("the operations guide's alert rules pass their promtool unit tests (each fires on its series, not on calm ones)", () => {
  const r = spawnSync(PROMTOOL, ['test', 'rules', join(__dirname, '../prometheus/alerts.test.yml')], { encoding: 'utf8' });
  expect(`${r.stdout}${r.stderr}`).toContain('SUCCESS');
  expect(r.status).toBe(0);
});
