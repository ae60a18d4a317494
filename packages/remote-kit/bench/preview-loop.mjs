#!/usr/bin/env node
// A team's loop from a change to a link, outside this repository: the kit packed, a remote scaffolded
// and installed in a fresh folder (set-up, timed apart), a running system (scripts/release-system.mjs);
// then, three times, one line of the section changed and `npm run release -- --preview pr-1` run as
// the CI workflow runs it: build, upload, gate, register, until the link is printed; and until a
// signed-in session that enters the link is served the new version, whose files carry the changed
// line. Prints the figures and writes them to docs/performance.md (--no-doc: print only).
// Needs the shell and the admin API built: pnpm exec turbo run build --filter=@growth-admin/shell --filter=@growth-admin/admin-api
//   node packages/remote-kit/bench/preview-loop.mjs [--no-doc]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePerformanceSection } from '../../../scripts/performance-doc.mjs';
import { startReleaseSystem } from '../scripts/release-system.mjs';
import { teamEnv, teamSteps } from '../scripts/team-folder.mjs';

const NAME = 'reports';
const RUNS = 3;
const GOAL_S = 90;
const seconds = (ms) => (ms / 1000).toFixed(1);

function step([what, command, args, cwd]) {
  const started = performance.now();
  const r = spawnSync(command, args, { cwd, env: teamEnv(), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${what} failed:\n${r.stdout}\n${r.stderr}`);
  return performance.now() - started;
}

/** `npm run release -- --preview <label>` in the remote's folder, as the workflow runs it (asynchronously: the store is served from this process). */
function releasePreview(remote, env, label) {
  return new Promise((done, fail) => {
    const child = spawn('npm', ['run', 'release', '--', '--preview', label], { cwd: remote, env: { ...teamEnv(), ...env } });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (code) => (code === 0 ? done(output.trim().split('\n').at(-1)) : fail(new Error(`the preview release failed (${code}):\n${output}`))));
  });
}

/** Every .js file a manifest names, fetched from where the federation runtime would (its publicPath): does one carry `marker`? */
async function buildCarries(manifestUrl, marker) {
  const text = await (await fetch(manifestUrl)).text();
  const base = JSON.parse(text).metaData.publicPath;
  const files = [...new Set(text.match(/[\w.-]+\.js\b/g) ?? [])];
  for (const file of files) {
    const res = await fetch(new URL(file, base));
    if (res.ok && (await res.text()).includes(marker)) return true;
  }
  return false;
}

const work = realpathSync(mkdtempSync(join(tmpdir(), 'growth-admin-preview-loop-')));
let system;
try {
  const setup = teamSteps(work, NAME).map((s) => [s[0], step(s)]);
  const remote = join(work, NAME);
  system = await startReleaseSystem({ remote: NAME });
  const session = await system.signIn();
  const section = join(remote, 'src/Section.tsx');
  const original = readFileSync(section, 'utf8');
  const runs = [];
  for (let i = 1; i <= RUNS; i++) {
    const marker = `Latest orders, change ${i} ${Date.now()}`;
    const started = performance.now();
    // The one-line change: the section's title.
    const changed = original.replace(/title="[^"]*"/, `title="${marker}"`);
    if (changed === original) throw new Error(`no title="…" line in ${section} to change`);
    writeFileSync(section, changed);
    const link = await releasePreview(remote, system.env, 'pr-1');
    const linked = performance.now();
    const entered = await session.call('POST', '/api/admin/previews', { token: new URL(link).searchParams.get('preview') });
    if (entered.body.data?.status !== 'active') throw new Error(`the link did not enter the preview: ${JSON.stringify(entered.body)}`);
    const config = (await session.call('GET', '/api/runtime-config')).body.data;
    if (!(await buildCarries(config.remotes[NAME], marker))) throw new Error('the preview served does not carry the change');
    const served = performance.now();
    runs.push({ link: linked - started, served: served - started });
    console.log(`run ${i}: link printed after ${seconds(linked - started)} s, the session served the change after ${seconds(served - started)} s`);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const linkMedian = median(runs.map((r) => r.link));
  const servedMedian = median(runs.map((r) => r.served));
  console.log(`median: link ${seconds(linkMedian)} s, served ${seconds(servedMedian)} s (goal ≤ ${GOAL_S} s); set-up ${setup.map(([w, ms]) => `${w} ${seconds(ms)} s`).join(', ')}`);
  if (!process.argv.includes('--no-doc')) {
    writePerformanceSection({
      id: 'preview-loop',
      title: 'A change to a preview link, outside the repository',
      command: 'node packages/remote-kit/bench/preview-loop.mjs',
      note:
        `A remote scaffolded from the packed kit in a fresh folder outside the repository, against a running system (the admin API's build on PGlite, the shell build and a store folder). Each run changes one line of the section, runs \`npm run release -- --preview pr-1\` as the scaffold's CI workflow does (webpack build, upload, gate, register; the same label each time, so each replaces the last), then enters the printed link with a signed-in session and checks that the build it is served carries the changed line. Median of ${RUNS}. Not included: the CI runner's checkout and install, and the browser opening the link.`,
      columns: ['what', 'seconds', 'goal'],
      rows: [
        ['one-line change → preview link printed (median)', seconds(linkMedian), ''],
        ['one-line change → a session that entered the link is served the change (median)', seconds(servedMedian), `≤ ${GOAL_S}`],
        ['runs (link / served)', runs.map((r) => `${seconds(r.link)} / ${seconds(r.served)}`).join(', '), ''],
        ...setup.map(([what, ms]) => [`set-up, once: ${what}`, seconds(ms), '']),
      ],
    });
  }
} finally {
  await system?.close();
  rmSync(work, { recursive: true, force: true });
}
