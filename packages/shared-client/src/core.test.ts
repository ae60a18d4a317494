/**
 * @jest-environment node
 */
// The `core` entry is what the shell's login screen loads: loading a federation-shared module loads
// every shared module it imports, so one import of antd, React or React Query anywhere in core's
// graph would put it on the login screen. Walks core's own import graph as the bundler does.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as core from './core';
import * as full from './index';

/** Every package imported (type-only imports excluded) from `file` and the files it reaches. */
function packagesImportedFrom(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, typeOnly, request] of source.matchAll(/^(?:import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'/gm)) {
    if (typeOnly) continue;
    if (!request.startsWith('.')) {
      packages.add(request);
      continue;
    }
    const base = join(dirname(file), request);
    const target = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((f) => existsSync(f));
    if (!target) throw new Error(`${file}: cannot resolve ${request}`);
    for (const p of packagesImportedFrom(target, seen)) packages.add(p);
  }
  return packages;
}

test('the core entry imports no UI library', () => {
  const imported = [...packagesImportedFrom(join(__dirname, 'core.ts'))];
  expect(imported.filter((p) => /^(antd|react|react-dom|@tanstack|@ant-design)(\/|$)/.test(p))).toEqual([]);
  expect(imported.length).toBeGreaterThan(0); // the walk did find the client's own dependencies
});

test('the full entry imports antd (so the walk would see it in core)', () => {
  expect([...packagesImportedFrom(join(__dirname, 'index.ts'))]).toContain('antd');
});

test('every core export is the full entry’s own (one token store, one client)', () => {
  for (const [name, value] of Object.entries(core)) expect(full[name as keyof typeof full]).toBe(value);
  expect(Object.keys(core)).toEqual(expect.arrayContaining(['configureClient', 'getSession', 'subscribeSession', 'login', 'logout', 'toApiError']));
});
