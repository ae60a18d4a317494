// The compatibility gate's rules as a function (gate.ts): each refusal names what is wrong; a build
// that fits the shell and the registry has no problem; several problems are all named.
import type { RemoteMeta } from '@growth-admin/api-contract';
import { compatibilityProblems, type FederationManifest, type ShellProvides } from '../src/controlPlane/releases/gate';

const VERSIONS: Record<string, string> = { react: '19.3.1', 'react-dom': '19.3.1', antd: '6.6.8', '@tanstack/react-query': '5.108.0', dayjs: '1.11.23', '@growth-admin/shared-client': '1.2.0' };
const SLOTS = { 'dashboard.cards': '1.0.0', 'user.details.tabs': '1.0.0', 'order.details.actions': '1.0.0' };
const shell: ShellProvides = { shared: VERSIONS, sharedClientExports: ['queries', 'formatMoney'], antdExports: ['Button', 'Table'], slots: SLOTS };
const manifest = (over: Partial<FederationManifest> = {}): FederationManifest => ({
  name: 'orders',
  exposes: [
    { name: 'Orders', path: './Orders' },
    { name: 'Payments', path: './Payments' },
    { name: 'RefundAction', path: './RefundAction' },
  ],
  shared: Object.keys(VERSIONS).map((name) => ({ name, version: VERSIONS[name], requiredVersion: `^${VERSIONS[name]}` })),
  ...over,
});
const usage = { uses: ['queries'], antdUses: ['Button'] };
const meta = (over: Partial<RemoteMeta> = {}): RemoteMeta => ({
  schemaVersion: 1,
  name: 'orders',
  sections: [
    { path: 'orders', label: 'Orders', icon: 'orders', leastRole: 'viewer', order: 40, module: './Orders' },
    { path: 'payments', label: 'Payments', icon: 'payments', leastRole: 'viewer', order: 50, module: './Payments' },
  ],
  contributions: [{ slot: 'order.details.actions', contract: '^1.0.0', module: './RefundAction', leastRole: 'operator', order: 10 }],
  ...over,
});
const check = (m: FederationManifest = manifest(), md: unknown = meta(), registry = { ownedPaths: {} as Record<string, string> }, sh: ShellProvides = shell) =>
  compatibilityProblems('orders', m, usage, md, sh, registry);
const requiring = (name: string, requiredVersion: string) => manifest({ shared: manifest().shared!.map((s) => (s.name === name ? { ...s, requiredVersion } : s)) });

test('a build that fits the active shell and the registry has no problem', () => {
  expect(check()).toEqual([]);
  // An older build asking for less is fine too (semver ranges); its own paths are its own.
  expect(check(requiring('@growth-admin/shared-client', '^1.1.0'), meta(), { ownedPaths: { projects: 'projects' } })).toEqual([]);
});

test('a manifest of another remote is refused before anything else', () => {
  expect(check(manifest({ name: 'people' }))).toEqual(['the manifest names the remote "people", not "orders"']);
});

test('every module remote-meta.json names must be exposed (by name or path)', () => {
  expect(check(manifest({ exposes: [{ path: './Orders' }] }))).toEqual(['it does not expose orders/Payments, orders/RefundAction, which its remote-meta.json names']);
});

test.each(Object.keys(VERSIONS).map((name) => [name]))('a requirement of %s the shell does not satisfy is named with both versions', (name) => {
  expect(check(requiring(name, '^99.0.0'))).toEqual([`it needs ${name} ^99.0.0, but the active shell provides ${VERSIONS[name]}`]);
});

test('a module shared by range, not as a singleton (the UI kit), is the build\'s own when the shell\'s is older or missing', () => {
  const kit = (version: string, singleton: boolean) => ({ name: '@growth-admin/ui-kit', version, requiredVersion: `^${version}`, singleton });
  const withKit = (k: ReturnType<typeof kit>) => manifest({ shared: [...manifest().shared!, k] });
  const shellWithKit = { ...shell, shared: { ...VERSIONS, '@growth-admin/ui-kit': '1.0.0' } };
  // Built against a newer kit than the shell's, or one the shell does not share at all: it runs its own copy.
  expect(check(withKit(kit('1.3.0', false)), meta(), undefined, shellWithKit)).toEqual([]);
  expect(check(withKit(kit('2.0.0', false)))).toEqual([]);
  // The same requirement of a singleton is refused: the shell's copy would be the one it gets.
  expect(check(withKit(kit('1.3.0', true)), meta(), undefined, shellWithKit)).toEqual(['it needs @growth-admin/ui-kit ^1.3.0, but the active shell provides 1.0.0']);
  // The singleton core stays checked.
  const newerCore = withKit(kit('1.3.0', false));
  newerCore.shared = newerCore.shared!.map((s) => (s.name === '@growth-admin/shared-client' ? { ...s, requiredVersion: '^1.9.0', singleton: true } : s));
  expect(check(newerCore, meta(), undefined, shellWithKit)).toEqual(['it needs @growth-admin/shared-client ^1.9.0, but the active shell provides 1.2.0']);
});

test("the shared modules checked are the build's requirements against the shell's manifest, not a list of the gate's", () => {
  const { dayjs: _, ...rest } = VERSIONS;
  expect(check(manifest(), meta(), undefined, { ...shell, shared: rest })).toEqual(['it needs dayjs ^1.11.23, which the active shell does not provide']);
  const extra = manifest({ shared: [...manifest().shared!, { name: 'lodash', version: '4.17.21', requiredVersion: '^4.17.0' }] });
  expect(check(extra)).toEqual(['it needs lodash ^4.17.0, which the active shell does not provide']);
  // A module the build shares without requiring it from the scope is its own business.
  expect(check(manifest({ shared: [...manifest().shared!, { name: 'lodash', version: '4.17.21' }] }))).toEqual([]);
});

test('shared-client and antd exports the shell lacks, and a build without its usage file', () => {
  expect(compatibilityProblems('orders', manifest(), { uses: ['queries', 'exportCsv', 'newHook'], antdUses: ['Button', 'Transfer'] }, meta(), shell)).toEqual([
    'it uses @growth-admin/shared-client exports the active shell does not provide: exportCsv, newHook',
    'it uses antd exports the active shell does not provide: Transfer',
  ]);
  expect(compatibilityProblems('orders', manifest(), null, meta(), shell)).toEqual([
    'it has no shared-client-usage.json beside its manifest, so what it uses of the shell cannot be checked',
  ]);
});

test('a build without remote-meta.json, or with one that breaks the schema, is refused naming the problem', () => {
  expect(check(manifest(), null)).toEqual(['it has no remote-meta.json beside its manifest, so its sections and slot contributions are unknown']);
  expect(check(manifest(), new Error('its remote-meta.json at http://x/remote-meta.json is not JSON'))).toEqual(['its remote-meta.json at http://x/remote-meta.json is not JSON']);
  expect(check(manifest(), { ...meta(), schemaVersion: 2 })).toEqual(['its remote-meta.json /schemaVersion: Expected 1']);
  const bad = meta();
  (bad.sections[0] as { icon: string }).icon = 'rocket';
  (bad.contributions[0] as { leastRole: string }).leastRole = 'admin';
  expect(check(manifest(), bad)).toEqual([
    'its section orders names the icon "rocket", which is not one the shell draws (dashboard, projects, users, orders, payments, settings, tickets, promotions, reports, messages, wallet, tools)',
    'its remote-meta.json /contributions/0/leastRole: must be viewer, operator or owner',
  ]);
});

test('remote-meta.json of another remote, a path another remote owns, a path declared twice', () => {
  expect(check(manifest(), meta({ name: 'people' }))).toEqual(['its remote-meta.json names the remote "people", not "orders"']);
  expect(check(manifest(), meta(), { ownedPaths: { payments: 'billing', orders: 'orders' } })).toEqual(['the section path /payments belongs to the remote billing']);
  const twice = meta();
  twice.sections[1].path = 'orders';
  expect(check(manifest(), twice)).toEqual(['it declares the section /orders twice']);
});

test('a slot the active shell does not provide, a contract range it does not satisfy, a range that is none', () => {
  const contributing = (slot: string, contract: string) => meta({ contributions: [{ slot, contract, module: './RefundAction', leastRole: 'viewer', order: 1 }] });
  expect(check(manifest(), contributing('order.sidebar.widgets', '^1.0.0'))).toEqual([
    'it contributes to the slot order.sidebar.widgets, which the active shell does not provide (it provides dashboard.cards, order.details.actions, user.details.tabs)',
  ]);
  expect(check(manifest(), contributing('order.details.actions', '^1.0.0'), undefined, { ...shell, slots: {} })).toEqual([
    'it contributes to the slot order.details.actions, which the active shell does not provide (it provides no slot)',
  ]);
  expect(check(manifest(), contributing('order.details.actions', '^2.0.0'))).toEqual([
    'its contribution to order.details.actions needs the slot contract ^2.0.0, but the active shell provides 1.0.0',
  ]);
  expect(check(manifest(), contributing('order.details.actions', 'soon'))).toEqual(['its contribution to order.details.actions names the contract "soon", which is not a semver range']);
  expect(check(manifest(), contributing('order.details.actions', '>=1.0.0 <2'))).toEqual([]);
});

test('every problem of a build is named at once', () => {
  const m = { ...requiring('react', '^20.0.0'), exposes: [] };
  expect(compatibilityProblems('orders', m, { uses: ['x'] }, meta({ name: 'x' }), shell, { ownedPaths: { orders: 'legacy' } })).toHaveLength(5);
});

test("a build that does not fit the shell's contract is told the remote kit made from it, and the kit it was built with", () => {
  const withKit: ShellProvides = { ...shell, remoteKit: '0.3.0' };
  const advice = (built: string) => `the build needs @growth-admin/remote-kit 0.3.0, the kit made from the active shell's contract${built}: rebuild it with that kit`;
  const kitUsage = { ...usage, kit: { package: '@growth-admin/remote-kit', version: '0.2.0' } };
  expect(compatibilityProblems('orders', requiring('react', '^20.0.0'), kitUsage, meta(), withKit)).toEqual([
    'it needs react ^20.0.0, but the active shell provides 19.3.1',
    advice(' (it was built with remote kit 0.2.0)'),
  ]);
  // Built in this repository (no kit recorded): the kit is named all the same.
  expect(compatibilityProblems('orders', manifest(), { uses: ['newHook'], antdUses: [] }, meta(), withKit)).toEqual([
    'it uses @growth-admin/shared-client exports the active shell does not provide: newHook',
    advice(''),
  ]);
  const slot = meta({ contributions: [{ slot: 'order.details.actions', contract: '^2.0.0', module: './RefundAction', leastRole: 'viewer', order: 1 }] });
  expect(compatibilityProblems('orders', manifest(), kitUsage, slot, withKit).at(-1)).toBe(advice(' (it was built with remote kit 0.2.0)'));
  // A build that fits, or whose only problems are the registry's: no kit would change that.
  expect(compatibilityProblems('orders', manifest(), kitUsage, meta(), withKit)).toEqual([]);
  expect(compatibilityProblems('orders', manifest(), kitUsage, meta(), withKit, { ownedPaths: { orders: 'legacy' } })).toEqual(['the section path /orders belongs to the remote legacy']);
  // A shell whose contract names no kit (built before the kit existed): nothing to name.
  expect(compatibilityProblems('orders', requiring('react', '^20.0.0'), kitUsage, meta(), shell)).toEqual(['it needs react ^20.0.0, but the active shell provides 19.3.1']);
});
