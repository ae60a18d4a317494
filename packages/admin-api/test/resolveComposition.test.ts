// The composition resolver as a function (resolveComposition.ts): what each role and canary bucket gets
// from the registry's remotes and their releases, in order; decommissioned remotes' sections as
// removedSections; the remotes, releases, integrity and origins of the composed remotes only.
import type { Release, RemoteMeta } from '@growth-admin/api-contract';
import { bucketOf, resolveComposition, subjectOf } from '../src/controlPlane/releases/resolveComposition';
import type { ComposableRelease, RegistryEntry } from '../src/controlPlane/releases/repository';

const HASH = `sha384-${'A'.repeat(64)}`;
let nextId = 1;
function release(remote: string, version: string, meta: Partial<RemoteMeta> | Record<string, never>, over: Partial<Release> = {}): ComposableRelease {
  const full = 'sections' in meta || 'contributions' in meta ? { schemaVersion: 1 as const, name: remote, sections: [], contributions: [], ...meta } : {};
  return {
    id: String(nextId++),
    remote,
    version,
    manifestUrl: `https://cdn.${remote}.test/${version}/mf-manifest.json`,
    files: { 'mf-manifest.json': HASH, 'remoteEntry.js': HASH },
    notes: '',
    createdBy: 'owner',
    createdAt: '2026-01-01T00:00:00.000Z',
    state: 'active',
    canaryPercent: null,
    changedAt: '2026-01-01T00:00:00.000Z',
    changedBy: 'owner',
    failures: 0,
    meta: full as ComposableRelease['meta'],
    firstLoad: null,
    ...over,
  };
}
const entry = (name: string, active: ComposableRelease | null, extra: Partial<RegistryEntry> = {}): RegistryEntry => ({ name, origin: `https://cdn.${name}.test`, live: true, active, canary: null, ...extra });
const section = (path: string, order: number, leastRole: 'viewer' | 'operator' | 'owner' = 'viewer', module = './Section') => ({ path, label: path.toUpperCase(), icon: 'tools' as const, leastRole, order, module });
const card = (order: number, leastRole: 'viewer' | 'operator' | 'owner' = 'viewer', label?: string) => ({ slot: 'dashboard.cards', contract: '^1.0.0', module: './Card', leastRole, order, ...(label ? { label } : {}) });

const registry: RegistryEntry[] = [
  entry('orders', release('orders', '1.0.0', { sections: [section('payments', 50, 'viewer', './Payments'), section('orders', 40, 'viewer', './Orders')] })),
  entry('tools', release('tools', '2.0.0', { sections: [section('tools', 45, 'operator')], contributions: [card(20, 'viewer', 'Tools'), { ...card(5, 'operator'), slot: 'order.details.actions', module: './Refund' }] })),
  entry('stats', release('stats', '1.0.0', { sections: [], contributions: [card(20), card(10, 'owner')] })),
  entry('legacy', release('legacy', 'old', {})), // a release of an earlier registry: no metadata
  entry('fresh', null), // created, never released
];

test('a viewer gets the sections and contributions of least role viewer, in order; the remotes that have none are not loaded', () => {
  const r = resolveComposition(registry, 'viewer', subjectOf('vera'));
  expect(r.composition.sections.map((s) => `${s.order} ${s.path} ${s.remote} ${s.module}`)).toEqual(['40 orders orders ./Orders', '50 payments orders ./Payments']);
  expect(r.composition.slots).toEqual({
    'dashboard.cards': [
      { remote: 'stats', module: './Card', order: 20 },
      { remote: 'tools', module: './Card', order: 20, label: 'Tools' },
    ],
  });
  expect(Object.keys(r.remotes).sort()).toEqual(['orders', 'stats', 'tools']);
  expect(r.remotes.orders).toBe('https://cdn.orders.test/1.0.0/mf-manifest.json');
  expect(r.integrity.orders).toEqual({ manifest: HASH, entry: HASH });
  expect(r.composition.removedSections).toEqual([]);
});

test('an operator and an owner get what their role allows besides', () => {
  const op = resolveComposition(registry, 'operator', subjectOf('otto'));
  expect(op.composition.sections.map((s) => s.path)).toEqual(['orders', 'tools', 'payments']);
  expect(op.composition.slots['order.details.actions']).toEqual([{ remote: 'tools', module: './Refund', order: 5 }]);
  const owner = resolveComposition(registry, 'owner', subjectOf('olga'));
  expect(owner.composition.slots['dashboard.cards'].map((c) => `${c.order} ${c.remote}`)).toEqual(['10 stats', '20 stats', '20 tools']);
  expect(owner.releases).toEqual({
    orders: { id: registry[0].active!.id, version: '1.0.0', canary: false },
    tools: { id: registry[1].active!.id, version: '2.0.0', canary: false },
    stats: { id: registry[2].active!.id, version: '1.0.0', canary: false },
  });
});

test('the canary bucket chooses the release, and with it the sections', () => {
  const canary = release('tools', '3.0.0', { sections: [section('tools', 45, 'viewer')] }, { state: 'canary', canaryPercent: 50, manifestUrl: 'https://store.test/tools/3.0.0/mf-manifest.json' });
  const withCanary = registry.map((e) => (e.name === 'tools' ? { ...e, canary } : e));
  const users = Array.from({ length: 40 }, (_, i) => `user${i}`);
  const inside = users.find((u) => bucketOf('tools', subjectOf(u)) < 50)!;
  const outside = users.find((u) => bucketOf('tools', subjectOf(u)) >= 50)!;
  const a = resolveComposition(withCanary, 'viewer', subjectOf(inside));
  expect(a.releases.tools).toEqual({ id: canary.id, version: '3.0.0', canary: true });
  expect(a.composition.sections.map((s) => s.path)).toContain('tools'); // the canary opens it to viewers
  const b = resolveComposition(withCanary, 'viewer', subjectOf(outside));
  expect(b.composition.sections.map((s) => s.path)).not.toContain('tools');
  // Origins: the composed remotes' live releases (the active and the canary) when no release origins are configured.
  expect(a.allowedOrigins).toEqual(['https://cdn.orders.test', 'https://cdn.stats.test', 'https://cdn.tools.test', 'https://store.test']);
});

test('with release origins configured: those plus each composed remote’s registered origin', () => {
  const r = resolveComposition(registry, 'viewer', subjectOf('vera'), ['https://store.test']);
  expect(r.allowedOrigins).toEqual(['https://cdn.orders.test', 'https://cdn.stats.test', 'https://cdn.tools.test', 'https://store.test']);
});

test("a decommissioned remote composes nothing; its sections are removedSections unless a live remote owns the path now", () => {
  const gone = entry('billing', release('billing', '1.0.0', { sections: [section('invoices', 5), section('payments', 6)] }), { live: false });
  const r = resolveComposition([...registry, gone], 'viewer', subjectOf('vera'));
  expect(r.remotes.billing).toBeUndefined();
  expect(r.composition.sections.map((s) => s.path)).toEqual(['orders', 'payments']);
  expect(r.composition.sections.find((s) => s.path === 'payments')!.remote).toBe('orders');
  expect(r.composition.removedSections).toEqual([{ path: 'invoices', label: 'INVOICES' }]);
});

test('a path two remotes claim (data the gate refuses) goes to the first in order', () => {
  const twin = entry('twin', release('twin', '1.0.0', { sections: [section('orders', 41)] }));
  const r = resolveComposition([twin, ...registry], 'viewer', subjectOf('vera'));
  expect(r.composition.sections.filter((s) => s.path === 'orders').map((s) => s.remote)).toEqual(['orders']);
});

test("a section's optional prefetch and item label reach the shell as the build declared them", () => {
  const withExtras = [
    entry('people', release('people', '1.0.0', { sections: [{ ...section('users', 30), itemLabel: 'User' }] })),
    entry('analytics', release('analytics', '1.0.0', { sections: [{ ...section('analytics', 10), prefetch: 'dashboard' as const }] })),
  ];
  const { composition } = resolveComposition(withExtras, 'viewer', subjectOf('ada'));
  expect(composition.sections).toEqual([
    { path: 'analytics', label: 'ANALYTICS', icon: 'tools', remote: 'analytics', module: './Section', order: 10, prefetch: 'dashboard' },
    { path: 'users', label: 'USERS', icon: 'tools', remote: 'people', module: './Section', order: 30, itemLabel: 'User' },
  ]);
});
