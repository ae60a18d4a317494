// A team's builds as the release journeys need them: a copy of a built remote with its code edited
// the way a rebuild would change it, and the release commands run as a team runs them.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { systemInfo } from './env';

export const REPO = resolve(__dirname, '../..');

/**
 * As the build leaves them (tools/federation/precompress.mjs): each stored `.gz` the gzip of its file,
 * after files were edited in place (the static server sends the `.gz` to a browser).
 */
function restoreGzipCopies(dir: string): void {
  for (const gz of readdirSync(dir).filter((f) => f.endsWith('.gz'))) writeFileSync(join(dir, gz), gzipSync(readFileSync(join(dir, gz.slice(0, -3)))));
}

/* eslint-disable @typescript-eslint/no-explicit-any -- a build's JSON files are edited as plain JSON */
export interface BuildEdit {
  /** Replaces the code of the chunk that contains `marker`. */
  chunk?: (code: string) => string;
  /** Replaces the text of every script and JSON file (a build of the same code under another remote's name). */
  everyFile?: (text: string) => string;
  manifest?: (m: any) => void;
  usage?: (u: any) => void;
  meta?: (m: any) => void;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

const CONTENT_NAME = /\.([0-9a-f]{10})\./;
const sriOf = (path: string) => `sha384-${createHash('sha384').update(readFileSync(path)).digest('base64')}`;
/** The files that name others (the runtimes, the manifest, the pages): where names and hashes are replaced. */
const namesOthers = (file: string) => /\.(js|json|html|txt)$/.test(file);

function replaceEverywhere(dir: string, from: string, to: string): void {
  for (const file of readdirSync(dir).filter(namesOthers)) {
    const text = readFileSync(join(dir, file), 'utf8');
    if (text.includes(from)) writeFileSync(join(dir, file), text.split(from).join(to));
  }
}

/**
 * A copy of the build in `dist` (under the run's data folder, as `build-<name>`) with `edit` applied,
 * as a rebuild of the edited code would be: every content-named file under a name of this build's
 * own (the release store keeps one file per name, for every version), and the runtimes and the
 * manifest naming each file's new name and hash.
 */
export function editedBuild(dist: string, name: string, marker: string, edit: BuildEdit): string {
  const dir = join(systemInfo().dataDir, `build-${name}`);
  cpSync(dist, dir, { recursive: true });
  const originalOf = new Map<string, string>(); // file here → its file in dist
  for (const file of readdirSync(dir).filter((f) => !f.endsWith('.gz'))) originalOf.set(file, file);
  for (const hash of new Set(readdirSync(dir).map((f) => CONTENT_NAME.exec(f)?.[1]).filter((h): h is string => Boolean(h)))) {
    const fresh = createHash('sha256').update(`${name}:${hash}`).digest('hex').slice(0, 10);
    for (const file of readdirSync(dir).filter((f) => f.includes(`.${hash}.`))) {
      const renamed = file.replace(`.${hash}.`, `.${fresh}.`);
      renameSync(join(dir, file), join(dir, renamed));
      if (originalOf.has(file)) {
        originalOf.set(renamed, originalOf.get(file)!);
        originalOf.delete(file);
      }
    }
    replaceEverywhere(dir, hash, fresh);
  }
  if (edit.chunk) {
    const chunk = readdirSync(dir).find((f) => f.endsWith('.js') && readFileSync(join(dir, f), 'utf8').includes(marker));
    if (!chunk) throw new Error(`no chunk of ${dist} contains ${marker}`);
    writeFileSync(join(dir, chunk), edit.chunk(readFileSync(join(dir, chunk), 'utf8')));
  }
  if (edit.everyFile) {
    for (const file of readdirSync(dir).filter((f) => /\.(js|json)$/.test(f))) {
      const text = readFileSync(join(dir, file), 'utf8');
      const changed = edit.everyFile(text);
      if (changed !== text) writeFileSync(join(dir, file), changed);
    }
  }
  // Each file's hash where another names it, until none is stale (a runtime's own hash changes as it is updated).
  const named = new Map([...originalOf].map(([file, original]) => [file, sriOf(join(dist, original))]));
  for (let round = 0, changed = true; changed; round++) {
    if (round > 10) throw new Error(`the hashes of ${dir} do not settle`);
    changed = false;
    for (const [file, was] of named) {
      const is = sriOf(join(dir, file));
      if (was === is) continue;
      replaceEverywhere(dir, was, is);
      named.set(file, is);
      changed = true;
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

/**
 * A release command (`release`, `promote`, `rollback`, `releases`) as a team runs it; `token` replaces
 * npm start's local one; `cli` is the command's script (this repository's, or the one a team installed
 * with the remote kit).
 */
export function releaseCommand(args: string[], token?: string, cli = join(REPO, 'tools/release/cli.mjs')): Promise<{ code: number; out: string; err: string }> {
  const { apiUrl, signingKey, storeDir, storeUrl, dataDir } = systemInfo();
  const env = { PATH: process.env.PATH, API_URL: apiUrl, ADMIN_SIGNING_KEY: signingKey, RELEASE_STORE_DIR: storeDir, RELEASE_STORE_URL: storeUrl, DEPLOY_TOKEN_FILE: join(dataDir, 'deploy-token') };
  return new Promise((done) => {
    execFile(process.execPath, [cli, ...args], { env: token ? { ...env, DEPLOY_TOKEN: token } : env }, (error, out, err) =>
      done({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}
