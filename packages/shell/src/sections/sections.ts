// The sidebar's sections, where each one comes from, and how they map to URLs.
import type { RemoteName } from '../boot/runtimeConfig';

export type SectionId = 'analytics' | 'projects' | 'users' | 'orders' | 'payments' | 'settings';

export interface SectionDef {
  id: SectionId;
  label: string;
  /** The remote module rendering it; Settings lives in the shell. */
  remote?: { name: RemoteName; module: string };
}

export const SECTIONS: readonly SectionDef[] = [
  { id: 'analytics', label: 'Analytics', remote: { name: 'analytics', module: 'Section' } },
  { id: 'projects', label: 'Projects', remote: { name: 'projects', module: 'Section' } },
  { id: 'users', label: 'Users', remote: { name: 'people', module: 'Section' } },
  { id: 'orders', label: 'Orders', remote: { name: 'orders', module: 'Orders' } },
  { id: 'payments', label: 'Payments', remote: { name: 'orders', module: 'Payments' } },
  { id: 'settings', label: 'Settings' },
];

export const DEFAULT_SECTION: SectionId = 'analytics';

export function sectionById(id: SectionId): SectionDef {
  return SECTIONS.find((s) => s.id === id) ?? SECTIONS[0];
}

/** `/orders` (under the shell's base path) → 'orders'; the root and anything unknown → null. */
export function sectionFromPath(pathname: string, basePath = '/'): SectionId | null {
  const base = basePath.endsWith('/') ? basePath : `${basePath}/`;
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : pathname.replace(/^\/+/, '');
  const first = rest.split('/')[0]?.toLowerCase() ?? '';
  return SECTIONS.some((s) => s.id === first) ? (first as SectionId) : null;
}

export function pathForSection(id: SectionId, basePath = '/'): string {
  const base = basePath.endsWith('/') ? basePath : `${basePath}/`;
  return `${base}${id}`;
}
