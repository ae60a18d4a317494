// The one check of a browser package's exported surface against its version (semver of the
// surface): shared-client's and the UI kit's `src/surface.test.ts` each call `describeSurface`.
// `surface.json` records the version and its exports; an export removed needs a new major, one
// added a new minor. `RECORD_SURFACE=1` (scripts/record-surface.mjs, the packages' `surface`
// script) writes the record instead, once package.json's version allows the change.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

interface Surface {
  version: string;
  exports: string[];
}

/** The smallest version that may carry `now` after `before`; null when the exports are the same. */
export function neededVersion(before: Surface, now: string[]): string | null {
  const removed = before.exports.filter((name) => !now.includes(name));
  const added = now.filter((name) => !before.exports.includes(name));
  const [major, minor] = before.version.split('.').map(Number);
  if (removed.length) return `${major + 1}.0.0`;
  if (added.length) return `${major}.${minor + 1}.0`;
  return null;
}

const compare = (a: string, b: string) => {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

/**
 * The surface tests of the package in `dir`: `exports` are its main entry's export names, `version`
 * the version constant it exports (named `versionName`), which must be package.json's.
 */
export function describeSurface({ dir, exports, version, versionName }: { dir: string; exports: string[]; version: string; versionName: string }) {
  const file = join(dir, 'surface.json');
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string };
  const recorded = JSON.parse(readFileSync(file, 'utf8')) as Surface;
  const current = [...exports].sort();

  describe(`${pkg.name}'s exported surface and version`, () => {
    if (process.env.RECORD_SURFACE === '1') {
      it(`records ${basename(file)} (pnpm --filter ${pkg.name} surface)`, () => {
        const needed = recorded.exports.length ? neededVersion(recorded, current) : null; // the first record
        if (needed && compare(pkg.version, needed) < 0) {
          throw new Error(`the exports changed since ${recorded.version}: set package.json and ${versionName} to ${needed} (or higher) first`);
        }
        writeFileSync(file, `${JSON.stringify({ version: pkg.version, exports: current }, null, 2)}\n`);
      });
      return;
    }

    it(`${versionName} is package.json's version`, () => {
      expect(version).toBe(pkg.version);
    });

    it('surface.json records exactly the exports of this version', () => {
      const added = current.filter((name) => !recorded.exports.includes(name));
      const removed = recorded.exports.filter((name) => !current.includes(name));
      const needed = neededVersion(recorded, current);
      const advice = needed
        ? `the exports changed since ${recorded.version} (added: ${added.join(', ') || 'none'}; removed: ${removed.join(', ') || 'none'}): set the version to ${needed} or higher, then run pnpm --filter ${pkg.name} surface`
        : '';
      expect({ added, removed, advice }).toEqual({ added: [], removed: [], advice: '' });
      expect(recorded.version).toBe(pkg.version);
    });
  });
}
