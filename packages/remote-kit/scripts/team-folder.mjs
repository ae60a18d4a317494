// What a team outside this repository runs to get its remote from the kit: pack the kit (the platform
// team's step), scaffold from the kit's tarball alone, install from the tarballs (the rest from the
// registry, through the machine's store). Shared by test/outside.test.ts and bench/preview-loop.mjs.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(fileURLToPath(import.meta.url), '../../../..');
export const KIT_VERSION = JSON.parse(readFileSync(join(REPO, 'packages/remote-kit/package.json'), 'utf8')).version;

/**
 * The environment of a team's shell: this one's, less what pnpm, jest and turbo set for this
 * workspace (NODE_PATH would resolve packages from this repository's store).
 */
export function teamEnv(env = process.env) {
  const clean = {};
  for (const [key, value] of Object.entries(env)) {
    if (/^(npm_|pnpm_|PNPM_|NODE_PATH$|NODE_OPTIONS$|INIT_CWD$|JEST_|TURBO_)/.test(key)) continue;
    clean[key] = value;
  }
  return { ...clean, CI: 'true' };
}

/**
 * The three steps, each `[what, command, args, cwd]`, that make `<work>/<name>` from the kit packed into `<work>/kit`.
 * @returns {Array<[string, string, string[], string]>}
 */
export function teamSteps(work, name) {
  const kit = join(work, 'kit');
  return [
    ['pack', process.execPath, [join(REPO, 'packages/remote-kit/scripts/pack.mjs'), '--out', kit], REPO],
    [
      'scaffold',
      'npm',
      ['exec', '--yes', '--offline', `--package=${join(kit, `growth-admin-remote-kit-${KIT_VERSION}.tgz`)}`, '--', 'create-growth-admin-remote', name, '--name', name, '--kit', './kit'],
      work,
    ],
    ['install', 'pnpm', ['install', '--prefer-offline', '--no-frozen-lockfile', '--config.confirmModulesPurge=false'], join(work, name)],
  ];
}
