// The Node.js version check every entry point runs first (`npm start`, `npm test`, each package's
// scripts through scripts/deps.mjs): on a Node older than `engines.node` of the root package.json
// (the one source) it stops at once with one line saying what is needed and how to get it, instead
// of failing later on something the old Node lacks (the shell's build loads TypeScript with Node's
// own type stripping, on by default from 22.18). Plain JavaScript that any old Node can parse.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const rootPackage = join(dirname(fileURLToPath(import.meta.url)), '..', 'package.json');

/** `engines.node` of the root package.json, e.g. ">=22.18". */
export function requiredNode() {
  return JSON.parse(readFileSync(rootPackage, 'utf8')).engines.node;
}

const parts = (version) => version.replace(/^v/, '').split('.').map((n) => Number.parseInt(n, 10) || 0);

/**
 * The one-line refusal for `version` under `range` (only the `>=X.Y.Z` form the root package.json
 * uses), or null when it satisfies it.
 */
export function nodeVersionProblem(version = process.versions.node, range = requiredNode()) {
  const m = /^>=\s*v?(\d+(?:\.\d+){0,2})$/.exec(range.trim());
  if (!m) throw new Error(`engines.node "${range}" is not of the form ">=X.Y.Z" (scripts/node-version.mjs reads only that)`);
  const have = parts(version);
  const need = parts(m[1]);
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) > (need[i] ?? 0)) return null;
    if ((have[i] ?? 0) < (need[i] ?? 0)) {
      return (
        `Growth Admin needs Node.js ${m[1]} or newer (engines "${range}"), this is ${version.replace(/^v/, '')}: ` +
        'get Node 24 with `npm i --prefix ~/node24 node@24 && export PATH=~/node24/node_modules/.bin:$PATH` (or `nvm install`, which reads .nvmrc)'
      );
    }
  }
  return null;
}

/** Stops the process with the one-line refusal when this Node is too old. */
export function exitIfNodeTooOld() {
  const problem = nodeVersionProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) exitIfNodeTooOld();
