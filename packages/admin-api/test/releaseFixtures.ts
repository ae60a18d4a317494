/* eslint-disable @typescript-eslint/no-explicit-any -- manifests under test are arbitrary JSON */
// What the release tests build on: a static host answering JSON files (a shell's and the builds'
// manifests), and a build folder of the projects remote as the release commands upload it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/** The shared singletons of the test builds, at the versions the test shell provides. */
export const SHARED = { react: '19.3.1', 'react-dom': '19.3.1', antd: '6.6.8', '@tanstack/react-query': '5.108.0', dayjs: '1.11.23', '@growth-admin/shared-client': '1.1.0' };
export const sharedList = () => Object.entries(SHARED).map(([name, version]) => ({ name, version, requiredVersion: `^${version}` }));

/** A static host answering `files` (URL path → JSON body), changeable while it runs; 404 for the rest. */
export async function startJsonHost(files: Map<string, unknown>): Promise<{ url: string; close: () => Promise<void> }> {
  const host = createServer((req, res) => {
    const body = files.get(req.url ?? '');
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(host.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => host.close(() => r())),
  };
}

/** A build folder of the projects remote under `dir`/`name`, with `chunk` as its code; `change` alters its manifest. */
export function projectsBuild(dir: string, name: string, chunk: string, change: (m: any) => void = () => undefined): string {
  const out = join(dir, name);
  mkdirSync(out, { recursive: true });
  const manifest = { name: 'projects', exposes: [{ name: 'Section', path: './Section' }], shared: sharedList() };
  change(manifest);
  writeFileSync(join(out, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(out, 'shared-client-usage.json'), JSON.stringify({ uses: ['queries'], antdUses: ['Button'] }));
  const section = { path: 'projects', label: 'Projects', icon: 'projects', leastRole: 'viewer', order: 20, module: './Section' };
  writeFileSync(join(out, 'remote-meta.json'), JSON.stringify({ schemaVersion: 1, name: 'projects', sections: [section], contributions: [] }));
  writeFileSync(join(out, 'remoteEntry.js'), 'var projects;');
  writeFileSync(join(out, 'main.0123456789.js'), chunk);
  return out;
}
