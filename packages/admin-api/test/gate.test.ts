// The compatibility gate's rules as a function (gate.ts): each refusal names what is wrong; a build
// that fits the shell has no problem; several problems are all named.
import { compatibilityProblems, SHARED_SINGLETONS, type FederationManifest, type ShellProvides } from '../src/modules/releases/gate';

const VERSIONS: Record<string, string> = { react: '19.3.1', 'react-dom': '19.3.1', antd: '6.6.8', '@tanstack/react-query': '5.108.0', dayjs: '1.11.23', '@growth-admin/shared-client': '1.2.0' };
const shell: ShellProvides = { shared: VERSIONS, sharedClientExports: ['queries', 'formatMoney'], antdExports: ['Button', 'Table'] };
const manifest = (over: Partial<FederationManifest> = {}): FederationManifest => ({
  name: 'orders',
  exposes: [{ name: 'Orders', path: './Orders' }, { name: 'Payments', path: './Payments' }],
  shared: SHARED_SINGLETONS.map((name) => ({ name, version: VERSIONS[name], requiredVersion: `^${VERSIONS[name]}` })),
  ...over,
});
const usage = { uses: ['queries'], antdUses: ['Button'] };
const requiring = (name: string, requiredVersion: string) => manifest({ shared: manifest().shared!.map((s) => (s.name === name ? { ...s, requiredVersion } : s)) });

test('a build that fits the active shell has no problem', () => {
  expect(compatibilityProblems('orders', manifest(), usage, shell)).toEqual([]);
  // An older build asking for less is fine too (semver ranges).
  expect(compatibilityProblems('orders', requiring('@growth-admin/shared-client', '^1.1.0'), usage, shell)).toEqual([]);
});

test('a manifest of another remote is refused before anything else', () => {
  expect(compatibilityProblems('orders', manifest({ name: 'people' }), usage, shell)).toEqual(['the manifest names the remote "people", not "orders"']);
});

test('every module the list of remotes expects must be exposed (by name or path)', () => {
  expect(compatibilityProblems('orders', manifest({ exposes: [{ path: './Orders' }] }), usage, shell)).toEqual([
    'it does not expose orders/Payments, which the list of remotes expects',
  ]);
});

test.each(SHARED_SINGLETONS.map((name) => [name]))('a requirement of %s the shell does not satisfy is named with both versions', (name) => {
  expect(compatibilityProblems('orders', requiring(name, '^99.0.0'), usage, shell)).toEqual([`it needs ${name} ^99.0.0, but the active shell provides ${VERSIONS[name]}`]);
});

test('a shared module the shell does not provide at all', () => {
  const { dayjs: _, ...rest } = VERSIONS;
  expect(compatibilityProblems('orders', manifest(), usage, { ...shell, shared: rest })).toEqual(['it needs dayjs ^1.11.23, which the active shell does not provide']);
});

test('shared-client and antd exports the shell lacks, and a build without its usage file', () => {
  expect(compatibilityProblems('orders', manifest(), { uses: ['queries', 'exportCsv', 'newHook'], antdUses: ['Button', 'Transfer'] }, shell)).toEqual([
    'it uses @growth-admin/shared-client exports the active shell does not provide: exportCsv, newHook',
    'it uses antd exports the active shell does not provide: Transfer',
  ]);
  expect(compatibilityProblems('orders', manifest(), null, shell)).toEqual([
    'it has no shared-client-usage.json beside its manifest, so what it uses of the shell cannot be checked',
  ]);
});

test('every problem of a build is named at once', () => {
  expect(compatibilityProblems('orders', { ...requiring('react', '^20.0.0'), exposes: [] }, { uses: ['x'] }, shell)).toHaveLength(3);
});
