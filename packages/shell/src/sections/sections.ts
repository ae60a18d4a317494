// The sidebar's sections, where each one comes from, and how they map to URLs: the remotes' sections
// in the order of the one list of remotes (@growth-admin/remotes); Settings is a remote too.
import { REMOTES, type RemoteName } from '@growth-admin/remotes';

export type SectionId = (typeof REMOTES)[number]['sections'][number]['id'];

export interface SectionDef {
  id: SectionId;
  label: string;
  /** The remote module rendering it. */
  remote: { name: RemoteName; module: string };
}

export const SECTIONS: readonly SectionDef[] = [
  ...REMOTES.flatMap((remote) =>
    remote.sections.map((section) => ({ id: section.id, label: section.label, remote: { name: remote.name, module: section.module } })),
  ),
];

export const DEFAULT_SECTION: SectionId = 'analytics';

declare const __webpack_public_path__: string;
/** Where the shell is served from (SHELL_PUBLIC_PATH at build time; `/` in tests). */
export const BASE_PATH = typeof __webpack_public_path__ === 'string' && __webpack_public_path__.startsWith('/') ? __webpack_public_path__ : '/';

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
