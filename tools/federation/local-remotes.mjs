// The remotes of this repository, as `npm start`, its first start's registry seed and the e2e system
// see them: every `packages/<pkg>/remote.json`. Only local tooling reads this; the shell and the
// release commands never do (the registry is the list of remotes at run time).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const REMOTE_FILE = 'remote.json';

/** A remote package's remote.json, read and checked for what the build needs. */
export function readRemoteJson(pkgDir) {
  const file = join(pkgDir, REMOTE_FILE);
  const def = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof def.name !== 'string' || !/^[a-z][a-z0-9-]{0,39}$/.test(def.name)) throw new Error(`${file}: "name" must be lower-case letters, digits and - (40 at most)`);
  if (!def.exposes || typeof def.exposes !== 'object') throw new Error(`${file}: "exposes" is missing`);
  for (const item of [...(def.sections ?? []), ...(def.contributions ?? [])]) {
    if (!Object.hasOwn(def.exposes, item.module)) throw new Error(`${file}: ${item.path ?? item.slot} names the module ${item.module}, which "exposes" lacks`);
  }
  return def;
}

/** The metadata a build writes beside its manifest (remote-meta.json): what the registry reads without running the code. */
export function remoteMeta(def) {
  return { schemaVersion: 1, name: def.name, sections: def.sections ?? [], contributions: def.contributions ?? [] };
}

/**
 * Remote name → { pkg, pkgDir, port, portEnv, urlEnv, def } for every package with a remote.json, in
 * section order. None where there is no `packages/` folder: these tools installed from the remote
 * kit's tarball, in a team's own repository, know no remote of this one.
 */
export function localRemotes(root = REPO_ROOT) {
  const found = [];
  if (!existsSync(join(root, 'packages'))) return {};
  for (const pkg of readdirSync(join(root, 'packages')).sort()) {
    const pkgDir = join(root, 'packages', pkg);
    if (!existsSync(join(pkgDir, REMOTE_FILE))) continue;
    const def = readRemoteJson(pkgDir);
    found.push({ name: def.name, pkg, pkgDir, port: def.dev.port, portEnv: def.dev.portEnv, urlEnv: def.dev.urlEnv, def });
  }
  const firstOrder = (r) => Math.min(...(r.def.sections ?? []).map((s) => s.order), 10_000);
  found.sort((a, b) => firstOrder(a) - firstOrder(b));
  return Object.fromEntries(found.map((r) => [r.name, r]));
}
