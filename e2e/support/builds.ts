// A team's builds as the release journeys need them: a copy of a built remote with its code edited
// the way a rebuild would change it, and the release commands run as a team runs them.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { systemInfo } from './env';

export const REPO = resolve(__dirname, '../..');

/**
 * As the build leaves them (tools/federation/precompress.mjs): each stored `.gz` the gzip of its file,
 * after files were edited in place (the static server sends the `.gz` to a browser).
 */
export function restoreGzipCopies(dir: string): void {
  for (const gz of readdirSync(dir).filter((f) => f.endsWith('.gz'))) writeFileSync(join(dir, gz), gzipSync(readFileSync(join(dir, gz.slice(0, -3)))));
}

/* eslint-disable @typescript-eslint/no-explicit-any -- a build's JSON files are edited as plain JSON */
export interface BuildEdit {
  /** Replaces the code of the chunk that contains `marker`. */
  chunk?: (code: string) => string;
  manifest?: (m: any) => void;
  usage?: (u: any) => void;
  meta?: (m: any) => void;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** A copy of the build in `dist` (under the run's data folder, as `build-<name>`) with `edit` applied. */
export function editedBuild(dist: string, name: string, marker: string, edit: BuildEdit): string {
  const dir = join(systemInfo().dataDir, `build-${name}`);
  cpSync(dist, dir, { recursive: true });
  if (edit.chunk) {
    const chunk = readdirSync(dir).find((f) => f.endsWith('.js') && readFileSync(join(dir, f), 'utf8').includes(marker));
    if (!chunk) throw new Error(`no chunk of ${dist} contains ${marker}`);
    // As a rebuild would: the runtimes that load the chunk (remoteEntry.js, main.js) and the manifest's
    // list of chunk hashes carry its new hash.
    const sri = (file: string) => `sha384-${createHash('sha384').update(readFileSync(join(dir, file))).digest('base64')}`;
    const before = sri(chunk);
    writeFileSync(join(dir, chunk), edit.chunk(readFileSync(join(dir, chunk), 'utf8')));
    for (const runtime of readdirSync(dir).filter((f) => /\.(js|json)$/.test(f) && readFileSync(join(dir, f), 'utf8').includes(before))) {
      writeFileSync(join(dir, runtime), readFileSync(join(dir, runtime), 'utf8').split(before).join(sri(chunk)));
    }
  }
  for (const [file, change] of [['mf-manifest.json', edit.manifest], ['shared-client-usage.json', edit.usage], ['remote-meta.json', edit.meta]] as const) {
    if (!change) continue;
    const json = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    change(json);
    writeFileSync(join(dir, file), JSON.stringify(json));
  }
  restoreGzipCopies(dir);
  return dir;
}

/** A release command (`release`, `promote`, `rollback`, `releases`) as a team runs it; `token` replaces npm start's local one. */
export function releaseCommand(args: string[], token?: string): Promise<{ code: number; out: string; err: string }> {
  const { apiUrl, signingKey, storeDir, storeUrl, dataDir } = systemInfo();
  const env = { PATH: process.env.PATH, API_URL: apiUrl, ADMIN_SIGNING_KEY: signingKey, RELEASE_STORE_DIR: storeDir, RELEASE_STORE_URL: storeUrl, DEPLOY_TOKEN_FILE: join(dataDir, 'deploy-token') };
  return new Promise((done) => {
    execFile(process.execPath, [join(REPO, 'tools/release/cli.mjs'), ...args], { env: token ? { ...env, DEPLOY_TOKEN: token } : env }, (error, out, err) =>
      done({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}
