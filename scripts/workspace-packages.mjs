// The workspace's packages as pnpm sees them: the folders the `packages:` globs of
// pnpm-workspace.yaml match (packages/*, e2e, examples/*, tools/federation), each with its
// package.json. What `npm test` sums and `npm run typecheck` checks is read from here, so a folder
// added to the workspace is counted without another list to keep.
// (fs.globSync is Node 22's: read at call time, so that on an older Node the entry points that import
// this still start and say which Node they need: scripts/node-version.mjs)
import * as fs from 'node:fs';
import { dirname, join } from 'node:path';

/** The `packages:` globs of `<repoRoot>/pnpm-workspace.yaml`. */
export function workspaceGlobs(repoRoot) {
  const yaml = fs.readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8');
  const list = /^packages:\n((?:\s+-.*\n)+)/m.exec(yaml)?.[1] ?? '';
  return [...list.matchAll(/-\s*['"]?([^'"\s]+)/g)].map((m) => m[1]);
}

/** Every workspace package: its folder (absolute) and its package.json, sorted by folder. */
export function workspacePackages(repoRoot) {
  return workspaceGlobs(repoRoot)
    .flatMap((glob) => fs.globSync(`${glob}/package.json`, { cwd: repoRoot }))
    .sort()
    .map((file) => ({ dir: join(repoRoot, dirname(file)), manifest: JSON.parse(fs.readFileSync(join(repoRoot, file), 'utf8')) }));
}
