// A real Prometheus (Debian's `prometheus` package; `npm test` and .ci/run install it) for the
// tests: it scrapes loopback targets only, keeps its data in a temporary folder, listens on a free
// loopback port, and is killed (and its folder removed) by `stop()`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_TMP } from './helpers';
import { stopChild } from './childProcess';
// The start scripts' free port (below the ephemeral range: Prometheus binds it after we chose it).
import { freePort } from '../../../scripts/system/ports.cjs';

export const PROMETHEUS = '/usr/bin/prometheus';
export const PROMTOOL = '/usr/bin/promtool';
export const MISSING = `${PROMETHEUS} is missing: install Debian's prometheus (apt-get install -y --no-install-recommends prometheus; npm test does it when run as root)`;

export interface ScrapeTarget {
  job: string;
  /** host:port on loopback. */
  target: string;
  /** The bearer token the target asks for. */
  token?: string;
  metricsPath?: string;
}

export interface RunningPrometheus {
  url: string;
  /** An instant query through the HTTP API: the result vector. */
  query(promql: string): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>>;
  /** Polls `query` until `accept` holds for its result (or throws after `timeoutMs`, naming the last answer). */
  until(promql: string, accept: (values: number[]) => boolean, timeoutMs?: number): Promise<number[]>;
  output(): string;
  stop(): Promise<void>;
}

const yamlString = (s: string) => JSON.stringify(s); // a JSON string is a YAML string

export async function startPrometheus(targets: ScrapeTarget[], { ruleFiles = [] as string[] } = {}): Promise<RunningPrometheus> {
  if (!existsSync(PROMETHEUS)) throw new Error(MISSING);
  for (const t of targets) if (!/^(127\.\d+\.\d+\.\d+|\[::1\]|localhost):\d+$/.test(t.target)) throw new Error(`${t.target}: the tests' Prometheus scrapes loopback addresses only`);
  const dir = mkdtempSync(join(TEST_TMP, 'prometheus-'));
  const jobs = targets.map((t, i) => {
    const lines = [`  - job_name: ${yamlString(t.job)}`, `    metrics_path: ${yamlString(t.metricsPath ?? '/metrics')}`, `    static_configs:`, `      - targets: [${yamlString(t.target)}]`];
    if (t.token) {
      writeFileSync(join(dir, `token-${i}`), t.token, { mode: 0o600 });
      lines.push('    authorization:', `      credentials_file: ${yamlString(join(dir, `token-${i}`))}`);
    }
    return lines.join('\n');
  });
  const config = [
    'global:',
    '  scrape_interval: 1s',
    '  scrape_timeout: 1s',
    '  evaluation_interval: 1s',
    ...(ruleFiles.length ? ['rule_files:', ...ruleFiles.map((f) => `  - ${yamlString(f)}`)] : []),
    'scrape_configs:',
    ...jobs,
  ].join('\n');
  writeFileSync(join(dir, 'prometheus.yml'), `${config}\n`);
  const check = spawnSync(PROMTOOL, ['check', 'config', join(dir, 'prometheus.yml')], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`promtool check config failed:\n${check.stdout}${check.stderr}\n${config}`);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      '--storage.tsdb.retention.time=1h',
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));

  const stop = async () => {
    await stopChild(child, exited);
    rmSync(dir, { recursive: true, force: true });
  };

  const query: RunningPrometheus['query'] = async (promql) => {
    const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const body = (await res.json()) as { status: string; error?: string; data?: { result: Array<{ metric: Record<string, string>; value: [number, string] }> } };
    if (body.status !== 'success') throw new Error(`Prometheus refused ${promql}: ${body.error}`);
    return body.data!.result;
  };

  const until: RunningPrometheus['until'] = async (promql, accept, timeoutMs = 30_000) => {
    const end = Date.now() + timeoutMs;
    let last: number[] = [];
    for (;;) {
      last = (await query(promql)).map((r) => Number(r.value[1]));
      if (accept(last)) return last;
      if (Date.now() > end) throw new Error(`Prometheus: ${promql} answered ${JSON.stringify(last)} until the deadline\n${out}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  // Ready: its HTTP API answers (or it exited, saying why).
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`prometheus exited with ${child.exitCode}:\n${out}`);
    }
    const ready = await fetch(`${url}/-/ready`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`prometheus did not become ready within 30 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, query, until, output: () => out, stop };
}
