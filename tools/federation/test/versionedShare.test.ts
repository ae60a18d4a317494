/**
 * @jest-environment node
 */
// The UI kit is shared by semver range, not as a singleton (shared.mjs's VERSIONED), and the core as
// a singleton. What that means at run time is the federation runtime's own resolution
// (@module-federation/runtime-core, the version the builds ship), run here on the share scope a page
// has: the shell's copies loaded first, a remote's copy registered beside them. A remote built
// against the shell's kit (or an older one) gets the shell's loaded copy; one built against a newer
// kit gets its own, while the shell and every other remote keep theirs; the core stays the shell's.
import { join } from 'node:path';
import { getRegisteredShare } from '@module-federation/runtime-core';
// (shared.mjs is the build's ES module, transformed for jest like the others here)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sharedModules, SINGLETONS, VERSIONED } = require('../shared.mjs') as {
  sharedModules: (pkgDir: string, options?: { host: boolean }) => Record<string, Record<string, unknown>>;
  SINGLETONS: Record<string, string[]>;
  VERSIONED: Record<string, string[]>;
};

const KIT = '@growth-admin/ui-kit';
const CORE = '@growth-admin/shared-client';
const root = join(__dirname, '../../..');

type Copy = { version: string; from: string; loaded?: boolean; shareConfig: { singleton: boolean; requiredVersion: string } };

/** The page's share scope: the shell's kit 1.0.0 and core 2.0.0 loaded, a remote's kit 1.1.0 and core registered. */
function pageScope(): Record<string, Record<string, Record<string, Copy>>> {
  return {
    default: {
      [KIT]: {
        '1.0.0': { version: '1.0.0', from: 'shell', loaded: true, shareConfig: { singleton: false, requiredVersion: '^1.0.0' } },
        '1.1.0': { version: '1.1.0', from: 'billing', shareConfig: { singleton: false, requiredVersion: '^1.1.0' } },
      },
      [CORE]: {
        '2.0.0': { version: '2.0.0', from: 'shell', loaded: true, shareConfig: { singleton: true, requiredVersion: '^2.0.0' } },
        '2.1.0': { version: '2.1.0', from: 'billing', shareConfig: { singleton: true, requiredVersion: '^2.1.0' } },
      },
    },
  };
}

/** Which copy a consumer asking `shareConfig` of `pkg` gets ('shell', the remote's, or none). */
function resolved(pkg: string, shareConfig: { singleton: boolean; requiredVersion: string }): string | undefined {
  const noHook = { emit: () => undefined };
  const found = getRegisteredShare(pageScope() as never, pkg, { shareConfig, scope: ['default'], strategy: 'loaded-first' } as never, noHook as never);
  return (found?.shared as Copy | undefined)?.from;
}

test("the builds share the UI kit by its version's range, not as a singleton; the core as a singleton", () => {
  expect(Object.keys(VERSIONED)).toEqual([KIT]);
  expect(Object.keys(SINGLETONS)).toContain(CORE);
  expect(Object.keys(SINGLETONS)).not.toContain(KIT);
  for (const pkg of ['packages/shell', 'packages/analytics-mfe', 'examples/tickets']) {
    const shared = sharedModules(join(root, pkg));
    expect(shared[KIT]).toEqual({ singleton: false, requiredVersion: expect.stringMatching(/^\^1\.\d+\.\d+$/), eager: false });
    expect(shared[CORE]).toEqual({ singleton: true, requiredVersion: expect.stringMatching(/^\^2\.\d+\.\d+$/), eager: false });
  }
});

test("the kit's core entry is shared apart; the host provides the whole kit by its file, which its own code no longer imports", () => {
  for (const pkg of ['packages/shell', 'packages/analytics-mfe', 'examples/tickets']) {
    expect(sharedModules(join(root, pkg))[`${KIT}/core`]).toEqual({ singleton: false, requiredVersion: expect.stringMatching(/^\^1\.\d+\.\d+$/), eager: false });
  }
  const host = sharedModules(join(root, 'packages/shell'), { host: true });
  // (webpack provides a shared module given by its file path whether or not the build imports it)
  expect(host[KIT]).toEqual({ singleton: false, requiredVersion: expect.stringMatching(/^\^1\./), eager: false, import: join(root, 'packages/ui-kit/src/index.ts'), shareKey: KIT, packageName: KIT, version: expect.stringMatching(/^1\./) });
  expect(host[`${KIT}/core`]).not.toHaveProperty('import');
  expect(sharedModules(join(root, 'packages/analytics-mfe'))[KIT]).not.toHaveProperty('import');
});

test("a remote built against the shell's kit, or an older one, gets the shell's loaded copy", () => {
  expect(resolved(KIT, { singleton: false, requiredVersion: '^1.0.0' })).toBe('shell');
});

test('a remote built against a newer kit gets its own copy, and the shell (asking for its own) keeps its copy', () => {
  expect(resolved(KIT, { singleton: false, requiredVersion: '^1.1.0' })).toBe('billing');
  expect(resolved(KIT, { singleton: false, requiredVersion: '^1.0.0' })).toBe('shell');
});

test('a kit no registered copy satisfies resolves to none here: the remote falls back to the copy its build bundled', () => {
  expect(resolved(KIT, { singleton: false, requiredVersion: '^2.0.0' })).toBeUndefined();
});

test("the core stays the shell's copy even for a remote asking for a newer one (the gate and the shell's check refuse that remote first)", () => {
  expect(resolved(CORE, { singleton: true, requiredVersion: '^2.1.0' })).toBe('shell');
});
