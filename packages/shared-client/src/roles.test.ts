// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a test compares with the contract at run time; it ships to no page
import { ROLES, roleAllows, routes } from '@growth-admin/api-contract';
import { canChange, hasRole, isRole } from './roles';

test('the same order of roles as the API: hasRole agrees with the contract for every pair', () => {
  for (const role of ROLES) for (const needed of ROLES) expect([role, needed, hasRole(role, needed)]).toEqual([role, needed, roleAllows(role, needed)]);
});

test('a missing or unknown role is a viewer: nothing is offered that the API might refuse', () => {
  expect(hasRole(undefined, 'viewer')).toBe(true);
  expect(hasRole(undefined, 'operator')).toBe(false);
  expect(canChange({})).toBe(false);
  expect(isRole('admin')).toBe(false);
  expect(isRole('owner')).toBe(true);
});

test('canChange covers exactly the roles the changing routes need', () => {
  const needed = new Set(routes.filter((r) => r.role).map((r) => r.role));
  expect([...needed].sort()).toEqual(['operator', 'owner']); // owner: the administrators' routes
  expect(ROLES.filter((role) => canChange({ role }))).toEqual(ROLES.filter((role) => roleAllows(role, 'operator')));
});
