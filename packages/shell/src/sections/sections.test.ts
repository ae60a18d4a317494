import { DEFAULT_SECTION, SECTIONS, pathForSection, sectionFromPath } from './sections';

describe('section URLs', () => {
  it('lists the sidebar entries of the spec in order', () => {
    expect(SECTIONS.map((s) => s.label)).toEqual(['Analytics', 'Projects', 'Users', 'Orders', 'Payments', 'Settings']);
    expect(DEFAULT_SECTION).toBe('analytics');
  });

  it('reads the section from the first path segment', () => {
    expect(sectionFromPath('/orders')).toBe('orders');
    expect(sectionFromPath('/users/')).toBe('users');
    expect(sectionFromPath('/Payments')).toBe('payments');
  });

  it('gives null for the root and unknown paths', () => {
    expect(sectionFromPath('/')).toBeNull();
    expect(sectionFromPath('/nope')).toBeNull();
  });

  it('honours a base path', () => {
    expect(sectionFromPath('/admin/projects', '/admin/')).toBe('projects');
    expect(pathForSection('projects', '/admin/')).toBe('/admin/projects');
    expect(pathForSection('settings')).toBe('/settings');
  });

  it('maps each remote section to its exposed module', () => {
    const remotes = Object.fromEntries(SECTIONS.map((s) => [s.id, `${s.remote.name}/${s.remote.module}`]));
    expect(remotes).toEqual({
      analytics: 'analytics/Section',
      projects: 'projects/Section',
      users: 'people/Section',
      orders: 'orders/Orders',
      payments: 'orders/Payments',
      settings: 'settings/Section',
    });
  });
});
