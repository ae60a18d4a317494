// The UI kit's version must say what its exports are (semver of the surface): a remote built against
// it asks the federation share scope for `^<that version>`, and gets the shell's copy only when that
// copy has everything it imports. surface.json is the record.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as uiKit from './index';
import { UI_KIT_VERSION } from './version';

const SURFACE = join(__dirname, '..', 'surface.json');
const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string };
const recorded = JSON.parse(readFileSync(SURFACE, 'utf8')) as { version: string; exports: string[] };
const current = Object.keys(uiKit).sort();

/** The smallest version that may carry `now` after `before` (semver of the surface). */
function neededVersion(before: { version: string; exports: string[] }, now: string[]): string | null {
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

describe('the exported surface and the version', () => {
  if (process.env.RECORD_SURFACE === '1') {
    it('records surface.json (pnpm surface)', () => {
      const needed = recorded.exports.length ? neededVersion(recorded, current) : null; // the first record
      if (needed && compare(pkg.version, needed) < 0) {
        throw new Error(`the exports changed since ${recorded.version}: set package.json and src/version.ts to ${needed} (or higher) first`);
      }
      writeFileSync(SURFACE, `${JSON.stringify({ version: pkg.version, exports: current }, null, 2)}\n`);
    });
    return;
  }

  it('UI_KIT_VERSION is package.json\'s version', () => {
    expect(UI_KIT_VERSION).toBe(pkg.version);
  });

  it('surface.json records exactly the exports of this version', () => {
    const added = current.filter((name) => !recorded.exports.includes(name));
    const removed = recorded.exports.filter((name) => !current.includes(name));
    const needed = neededVersion(recorded, current);
    const advice = needed
      ? `the exports changed since ${recorded.version} (added: ${added.join(', ') || 'none'}; removed: ${removed.join(', ') || 'none'}): set the version to ${needed} or higher, then run pnpm --filter @growth-admin/ui-kit surface`
      : '';
    expect({ added, removed, advice }).toEqual({ added: [], removed: [], advice: '' });
    expect(recorded.version).toBe(pkg.version);
  });

  it('knows what each change needs: a removal a major, an addition a minor, nothing no bump', () => {
    const before = { version: '1.4.2', exports: ['a', 'b'] };
    expect(neededVersion(before, ['a'])).toBe('2.0.0');
    expect(neededVersion(before, ['a', 'b', 'c'])).toBe('1.5.0');
    expect(neededVersion(before, ['b', 'a'])).toBeNull();
  });
});
