#!/usr/bin/env node
// The release commands (docs/releases.md), from the repository root or any CI:
//   npm run release -- <remote> [--version V] [--canary N [--promote-after DURATION]] [--notes TEXT] [--dist DIR]
//   npm run release -- <remote> --preview LABEL [--expires-in DAYS] ...   npm run release -- <remote> --preview LABEL --delete
//   npm run promote -- <remote>     npm run rollback -- <remote> [--to V]     npm run releases -- <remote>
// They call the admin API with a deploy token (DEPLOY_TOKEN, made with `cli add-deploy-token`), so
// they work when the Settings section itself is the broken remote.
// Environment: API_URL (http://localhost:4000), DEPLOY_TOKEN (else the token `npm start` wrote to
// DEPLOY_TOKEN_FILE, .data/deploy-token), ADMIN_SIGNING_KEY (the dev key),
// RELEASE_STORE_DIR (.data/releases), RELEASE_STORE_URL (http://localhost:3100, STORE_PORT), or a
// bucket: RELEASE_S3_BUCKET and the rest of stores/index.mjs's variables.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { releaseApi } from './api.mjs';
import { contentId, fileHashes, VERSION_RE } from './store.mjs';
import { storeFromEnv } from './stores/index.mjs';

const repoRoot = join(fileURLToPath(import.meta.url), '../../..');
// Installed from the remote kit (@growth-admin/release-tools) in a team's own repository, relative
// paths (--dist, DEPLOY_TOKEN_FILE, RELEASE_STORE_DIR) are the working directory's.
const inRepository = existsSync(join(repoRoot, 'pnpm-workspace.yaml')) && existsSync(join(repoRoot, 'tools/federation/local-remotes.mjs'));
const baseDir = inRepository ? repoRoot : process.cwd();
const USAGE = `usage:
  release <remote> [--version V] [--canary N] [--notes TEXT] [--dist DIR]   build, upload to the store, gate, register
          [--promote-after DURATION]                                        with --canary: promoted once the canary judge's
                                                                            verdict has stayed Pass that long (90s, 30m, 2h, 1d, 1h30m)
  release <remote> --preview LABEL [--expires-in DAYS] [...]               a preview under LABEL (e.g. pr-42): gated, never active;
                                                                            the last line printed is its link
  release <remote> --preview LABEL --delete                                 delete that preview
  previews <remote>                                                         the remote's previews and their links
  promote <remote>                                                          the canary becomes active for everyone
  rollback <remote> [--to V]                                                the canary goes, or the active release goes back
  releases <remote>                                                         the remote's history, and the canary judge's verdict
environment: API_URL, DEPLOY_TOKEN, ADMIN_SIGNING_KEY, RELEASE_STORE_DIR, RELEASE_STORE_URL,
  RELEASE_S3_BUCKET (a bucket instead of the folder), RELEASE_S3_PREFIX, RELEASE_S3_ENDPOINT, RELEASE_S3_REGION, AWS_*`;

class UsageError extends Error {}

/** `[cmd, remote, --flag value...]` → { cmd, remote, flags }; unknown flags are refused. */
export function parseArgs(argv) {
  const [cmd, remote, ...rest] = argv;
  const allowed = {
    release: ['version', 'canary', 'promote-after', 'notes', 'dist', 'no-build', 'preview', 'expires-in', 'delete'],
    promote: [],
    rollback: ['to'],
    releases: [],
    previews: [],
  }[cmd];
  if (!allowed) throw new UsageError(cmd ? `unknown command "${cmd}"` : 'a command is required');
  if (!remote || remote.startsWith('--')) throw new UsageError(`${cmd} needs the remote's name`);
  const flags = {};
  for (let i = 0; i < rest.length; i++) {
    const name = rest[i].replace(/^--/, '');
    if (!rest[i].startsWith('--') || !allowed.includes(name)) throw new UsageError(`${cmd} does not take "${rest[i]}"`);
    if (name === 'no-build' || name === 'delete') flags[name] = true;
    else {
      if (rest[i + 1] === undefined) throw new UsageError(`--${name} needs a value`);
      flags[name] = rest[++i];
    }
  }
  if (flags.canary !== undefined && !/^([1-9]|[1-9][0-9])$/.test(flags.canary)) throw new UsageError('--canary must be a share in percent from 1 to 99');
  if (flags.version !== undefined && !VERSION_RE.test(flags.version)) throw new UsageError('--version must be letters, digits and . + _ - (64 at most)');
  if (flags.preview !== undefined) {
    if (!PREVIEW_LABEL_RE.test(flags.preview)) throw new UsageError('--preview must be a short label: lower-case letters, digits and - (40 at most), e.g. pr-42');
    if (flags.canary !== undefined) throw new UsageError('--preview and --canary do not go together: a preview is never a canary');
  } else if (flags['expires-in'] !== undefined || flags.delete) throw new UsageError(`--${flags.delete ? 'delete' : 'expires-in'} needs --preview LABEL`);
  if (flags['expires-in'] !== undefined) {
    if (!/^[1-9][0-9]?$/.test(flags['expires-in']) || Number(flags['expires-in']) > 90) throw new UsageError('--expires-in must be a number of days from 1 to 90');
    flags['expires-in'] = Number(flags['expires-in']);
  }
  if (flags.delete && Object.keys(flags).some((f) => !['preview', 'delete'].includes(f))) throw new UsageError('--delete takes only --preview LABEL');
  if (flags['promote-after'] !== undefined) {
    if (flags.canary === undefined) throw new UsageError('--promote-after needs --canary: only a canary is promoted when its verdict stays Pass');
    const seconds = parseDuration(flags['promote-after']);
    if (seconds === null || seconds < 60 || seconds > 30 * 86_400) throw new UsageError('--promote-after must be a duration from 1m to 30d, e.g. 90s, 30m, 2h, 1d or 1h30m');
    flags['promote-after'] = seconds;
  }
  return { cmd, remote, flags };
}

const PREVIEW_LABEL_RE = /^[a-z0-9][a-z0-9-]{0,39}$/;

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `1h30m`, `90s`, `2d` → seconds; null when it is not such a duration. */
export function parseDuration(text) {
  if (!/^(\d+[smhd])+$/.test(text)) return null;
  let seconds = 0;
  for (const [, n, unit] of text.matchAll(/(\d+)([smhd])/g)) seconds += Number(n) * UNIT_SECONDS[unit];
  return seconds;
}

/** Seconds in the largest units that divide them: 5400 → 1h30m. */
export function durationText(seconds) {
  let left = seconds;
  let text = '';
  for (const [unit, size] of [['d', 86_400], ['h', 3600], ['m', 60], ['s', 1]]) {
    if (left >= size) {
      text += `${Math.floor(left / size)}${unit}`;
      left %= size;
    }
  }
  return text || '0s';
}

const absolute = (path) => (isAbsolute(path) ? path : join(baseDir, path));

/** DEPLOY_TOKEN, else the local token `npm start` wrote for this machine. */
function deployToken(env) {
  if (env.DEPLOY_TOKEN !== undefined) return env.DEPLOY_TOKEN;
  try {
    return readFileSync(absolute(env.DEPLOY_TOKEN_FILE || '.data/deploy-token'), 'utf8').trim();
  } catch {
    return '';
  }
}

function settings(env) {
  return {
    apiUrl: (env.API_URL || 'http://localhost:4000').replace(/\/+$/, ''),
    token: deployToken(env),
    signingKey: env.ADMIN_SIGNING_KEY || 'growth-admin-dev-signing-key',
  };
}

/** The in-repo remote named `name` (its package's remote.json), or null: a remote built elsewhere (--dist). */
async function remoteDef(name) {
  if (!inRepository) return null;
  const { localRemotes } = await import(join(repoRoot, 'tools/federation/local-remotes.mjs'));
  const local = localRemotes(repoRoot)[name];
  return local ? { package: local.pkg } : null;
}

const line = (r) =>
  `${r.version.padEnd(22)} ${(r.state === 'canary' ? `canary ${r.canaryPercent}%` : r.state).padEnd(12)} ${r.createdAt.slice(0, 16).replace('T', ' ')}  ${r.createdBy.padEnd(16)} failures ${String(r.failures).padEnd(4)} ${r.notes}`;

export async function run(argv, env = process.env, out = console.log) {
  const { cmd, remote, flags } = parseArgs(argv);
  const s = settings(env);
  if (!s.token) {
    throw new UsageError(
      inRepository
        ? 'DEPLOY_TOKEN is not set (and no .data/deploy-token from npm start): make one with `node packages/admin-api/dist/cli.js add-deploy-token <name>`'
        : "DEPLOY_TOKEN is not set: the remote's deploy token, which an owner makes when adding the remote (Settings → Remotes)",
    );
  }
  const api = releaseApi(s);
  if (cmd === 'promote') {
    const r = await api.promote(remote);
    out(`${remote} ${r.version} is active for everyone`);
  } else if (cmd === 'rollback') {
    const { active, rolledBack } = await api.rollback(remote, flags.to);
    out(`${remote} ${rolledBack.version} rolled back; ${active.version} is active (new page loads take it)`);
  } else if (cmd === 'previews') {
    const list = await api.previews(remote);
    if (!list.length) out(`${remote} has no previews`);
    for (const p of list) out(previewLine(p));
  } else if (cmd === 'release' && flags.delete) {
    // Gone already (deleted, or expired and cleaned up) is what was asked for: a pull request closed
    // after its preview expired must not fail its CI.
    const p = await api.deletePreview(remote, flags.preview).catch((err) => {
      if (err.code === 'PREVIEW_NOT_FOUND') return null;
      throw err;
    });
    if (p) out(`${remote} preview ${p.label} (${p.version}) deleted: sessions that entered it get the active release again`);
    else out(`${remote} has no live preview ${flags.preview} (deleted or expired already): nothing to delete`);
  } else if (cmd === 'releases') {
    for (const r of await api.history(remote)) out(line(r));
    const j = await api.judgement(remote);
    if (j.canary) out(`\ncanary ${j.canary.version}: ${j.verdict ?? 'not judged'} (${j.reason})${j.promoteAfterSeconds ? `; promoted after ${durationText(j.promoteAfterSeconds)} of Pass` : ''}`);
  } else {
    const def = await remoteDef(remote);
    if (!def && !flags.dist) throw new UsageError(`no package of this repository is the remote "${remote}" (its remote.json): give --dist DIR for a remote built elsewhere`);
    // A build goes into a folder of its own, never the package's dist/: that is what `npm start`
    // serves as the active release, whose files must keep the hashes the registry recorded.
    const buildDir = flags.dist || flags['no-build'] ? null : mkdtempSync(join(tmpdir(), `growth-admin-release-${remote}-`));
    try {
      const distDir = flags.dist ? (isAbsolute(flags.dist) ? flags.dist : join(process.cwd(), flags.dist)) : (buildDir ?? join(repoRoot, 'packages', def.package, 'dist'));
      if (buildDir) {
        out(`building ${def.package} into ${buildDir}...`);
        const { runPnpm } = await import(join(repoRoot, 'scripts/pnpm.mjs'));
        if (runPnpm(['--filter', `@growth-admin/${def.package}`, 'build', '--', '--out', buildDir]) !== 0) throw new Error(`the build of ${def.package} failed`);
      }
      const pkgVersion = def ? JSON.parse(readFileSync(join(repoRoot, 'packages', def.package, 'package.json'), 'utf8')).version : null;
      const version = flags.version ?? `${pkgVersion ? `${pkgVersion}-` : ''}${contentId(fileHashes(distDir))}`;
      const store = await storeFromEnv(env, baseDir);
      const { files, where, uploaded } = await store.putVersion(remote, version, distDir);
      out(`${uploaded ? 'uploaded' : 'already in the store:'} ${where}`);
      const manifestUrl = `${store.versionUrl(remote, version)}/mf-manifest.json`;
      try {
        if (flags.preview !== undefined) {
          const { preview, replaced } = await api.registerPreview(remote, {
            label: flags.preview,
            version,
            manifestUrl,
            files,
            notes: flags.notes ?? '',
            ...(flags['expires-in'] ? { expiresInDays: flags['expires-in'] } : {}),
          });
          out(`${remote} preview ${preview.label}: ${preview.version}${replaced ? ` (replaces ${replaced.version})` : ''}, expires ${preview.expiresAt.slice(0, 16).replace('T', ' ')} UTC; open it signed in:`);
          out(preview.link);
          return;
        }
        const promoteAfter = flags['promote-after'];
        const r = await api.register({
          remote,
          version,
          manifestUrl,
          files,
          notes: flags.notes ?? '',
          ...(flags.canary ? { canaryPercent: Number(flags.canary) } : {}),
          ...(promoteAfter ? { promoteAfterSeconds: promoteAfter } : {}),
        });
        out(releasedLine(remote, r, promoteAfter));
      } catch (err) {
        // Refused by the gate: the registry is unchanged, and the version this run uploaded goes too.
        if (uploaded && err.code === 'RELEASE_INCOMPATIBLE') await store.remove(remote, version);
        throw err;
      }
    } finally {
      if (buildDir) rmSync(buildDir, { recursive: true, force: true });
    }
  }
}

const previewLine = (p) =>
  `${p.label.padEnd(16)} ${p.version.padEnd(22)} ${p.createdAt.slice(0, 16).replace('T', ' ')}  ${p.createdBy.padEnd(16)} ${p.expired ? 'expired' : 'expires'} ${p.expiresAt.slice(0, 16).replace('T', ' ')}  ${p.link}`;

/**
 * The registry's answer to a release, as it is: the same release again answers the one registered
 * the first time, which a rollback or a later release may have replaced since (then nothing changed,
 * and the command fails saying so).
 */
export function releasedLine(remote, r, promoteAfterSeconds) {
  if (r.state === 'canary') {
    const next = promoteAfterSeconds ? `promoted once the canary judge's verdict has stayed Pass for ${durationText(promoteAfterSeconds)}` : 'promote or roll back next';
    return `${remote} ${r.version} released: canary for ${r.canaryPercent}% of administrators (${next}; a Fail rolls it back)`;
  }
  if (r.state === 'active') return `${remote} ${r.version} released: active for everyone`;
  const error = new Error(
    `${remote} ${r.version} was released before and is ${r.state === 'rolled-back' ? 'rolled back' : r.state}: nothing changed (a version is never reused: ` +
      `release the build under a new --version, or make this one active again with \`npm run rollback -- ${remote} --to ${r.version}\`)`,
  );
  error.code = 'RELEASED_BEFORE';
  throw error;
}

/** The command line: runs `argv`, printing why it failed (exit 2: a usage error, 1: refused). */
export function main(argv) {
  return run(argv).catch((err) => {
    console.error(err instanceof UsageError ? `${err.message}\n${USAGE}` : `refused: ${err.message}${err.code ? ` (${err.code})` : ''}`);
    process.exit(err instanceof UsageError ? 2 : 1);
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
