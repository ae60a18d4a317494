/**
 * @jest-environment node
 */
// The package entry is the singleton core, what the shell's login screen loads: loading a
// federation-shared module loads every shared module it imports, so one import of antd, React or
// React Query anywhere in its graph would put it on the login screen. Walks the entry's own import
// graph as the bundler does (the UI is @growth-admin/ui-kit's).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

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

test('the singleton core imports no UI library (its package entry is all the login screen loads)', () => {
  const imported = [...packagesImportedFrom(join(__dirname, 'index.ts'))];
  expect(imported.filter((p) => /^(antd|react|react-dom|@tanstack|@ant-design|dayjs)(\/|$)/.test(p))).toEqual([]);
  expect(imported).toEqual(expect.arrayContaining(['crypto-js/hmac-md5', 'nanoid'])); // the walk did find the client's own dependencies
});

test('a type-only import is no import (slots.ts names React types, and loads nothing)', () => {
  expect([...packagesImportedFrom(join(__dirname, 'slots.ts'))]).toEqual([]);
});
