import { isKnownPath, pathForSection, pathSegment, routeFor } from './routes';
import { TEST_RUNTIME_CONFIG } from '../testing/testRuntimeConfig';

const composition = TEST_RUNTIME_CONFIG.composition;
const section = (path: string) => composition.sections.find((s) => s.path === path);

test('a path is its first segment under the base path, any case', () => {
  expect(pathSegment('/admin/Orders/42', '/admin/')).toBe('orders');
  expect(pathSegment('/admin', '/admin/')).toBe('admin');
  expect(pathSegment('/', '/')).toBe('');
});

test('a URL shows its section; the root and an unknown path the first one; a decommissioned remote\'s section says it is gone', () => {
  expect(routeFor(composition, '/orders/100000002000')).toEqual({ kind: 'section', section: section('orders') });
  expect(routeFor(composition, '/')).toEqual({ kind: 'section', section: section('analytics') });
  expect(routeFor(composition, '/nowhere')).toEqual({ kind: 'section', section: section('analytics') });
  expect(routeFor(composition, '/tickets/7')).toEqual({ kind: 'removed', path: 'tickets', label: 'Tickets' });
  expect(routeFor({ sections: [], slots: {}, removedSections: [] }, '/')).toBeNull();
});

test('only the root, sections and removed sections are known paths; links are under the base path', () => {
  expect(isKnownPath(composition, '/')).toBe(true);
  expect(isKnownPath(composition, '/payments')).toBe(true);
  expect(isKnownPath(composition, '/tickets')).toBe(true);
  expect(isKnownPath(composition, '/nowhere')).toBe(false);
  expect(pathForSection('users', '/admin')).toBe('/admin/users');
});
