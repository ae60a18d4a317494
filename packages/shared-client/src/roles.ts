// What the screens offer each role. The API enforces the same rules (the contract's `role` per
// route, 403 ROLE_FORBIDDEN); the screens only avoid offering what would be refused.
import type { Role } from './types';

const ROLE_ORDER: readonly Role[] = ['viewer', 'operator', 'owner'];

export const isRole = (value: unknown): value is Role => ROLE_ORDER.includes(value as Role);

/** Whether `role` is at least `needed`; an unknown or missing role is a viewer's. */
export const hasRole = (role: Role | undefined, needed: Role): boolean => ROLE_ORDER.indexOf(role ?? 'viewer') >= ROLE_ORDER.indexOf(needed);

/** Adding coins, refunding, creating, changing or deleting a project: operators and owners. */
export const canChange = (user: { role?: Role }): boolean => hasRole(user.role, 'operator');
