/* eslint-disable @typescript-eslint/no-explicit-any -- manifests under test are arbitrary JSON */
// What the release tests build on: a static host answering JSON files (a shell's and the builds'
// manifests), and a build folder of the projects remote as the release commands upload it.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/** A section as a remote's remote-meta.json declares it. */
export const section = (path: string, label: string, order: number, module: string, leastRole = 'viewer') => ({ path, label, icon: 'projects', leastRole, order, module });

/** What the stable releases of projects and orders declare: one section each, no contributions. */
export const releasedMeta = (remote: string): any => ({
  schemaVersion: 1,
  name: remote,
  sections: [remote === 'projects' ? section('projects', 'Projects', 20, './Section') : section('orders', 'Orders', 40, './Section')],
  contributions: [],
});

/** The origin the seeded stable releases are served from (nothing listens there: only the config names it). */
export const SEEDED_ORIGIN = 'http://localhost:3999';

/** Writes a release seed file (`releaseSeedFile`): projects and orders at local-1, as `releasedMeta` declares them. */
export function writeReleaseSeed(file: string): void {
  const seeded = ['projects', 'orders'].map((remote) => ({ remote, version: 'local-1', manifestUrl: `${SEEDED_ORIGIN}/${remote}/mf-manifest.json`, files: {}, meta: releasedMeta(remote) }));
  writeFileSync(file, JSON.stringify(seeded));
}

/**
 * A build of projects that declares more than its release: the projects section, an operator-only
 * section at `extraPath` (`extraLabel`, module `extraModule`) and a dashboard card (a preview's or a
 * developer's override build).
 */
export const buildBeyondRelease = (extraPath: string, extraLabel: string, extraModule: string): any => ({
  schemaVersion: 1,
  name: 'projects',
  sections: [section('projects', 'Projects', 20, './Section'), section(extraPath, extraLabel, 21, extraModule, 'operator')],
  contributions: [{ slot: 'dashboard.cards', contract: '^1.0.0', module: './Card', leastRole: 'viewer', order: 5 }],
});

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

/** The name a build gives its chunk of `code`: webpack's [contenthash:10] of it. */
export const chunkName = (code: string) => `main.${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

/**
 * A build folder of the projects remote under `dir`/`name`, with `chunk` as its code, as a build
 * writes it: the chunk under its content's name, which remoteEntry.js and the manifest name (with its
 * hash); `change` alters the manifest.
 */
export function projectsBuild(dir: string, name: string, chunk: string, change: (m: any) => void = () => undefined): string {
  const out = join(dir, name);
  mkdirSync(out, { recursive: true });
  const file = chunkName(chunk);
  const manifest = {
    name: 'projects',
    metaData: { name: 'projects', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
    exposes: [{ name: 'Section', path: './Section', assets: { js: { sync: [file], async: [] }, css: { sync: [], async: [] } } }],
    shared: sharedList(),
    integrity: { [file]: sri(chunk) },
  };
  change(manifest);
  writeFileSync(join(out, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(out, 'shared-client-usage.json'), JSON.stringify({ uses: ['queries'], antdUses: ['Button'] }));
  const section = { path: 'projects', label: 'Projects', icon: 'projects', leastRole: 'viewer', order: 20, module: './Section' };
  writeFileSync(join(out, 'remote-meta.json'), JSON.stringify({ schemaVersion: 1, name: 'projects', sections: [section], contributions: [] }));
  writeFileSync(join(out, 'remoteEntry.js'), `var projects; // loads ${file}`);
  writeFileSync(join(out, file), chunk);
  return out;
}
