// The sidebar's sections and how they map to URLs, from the administrator's composition (the
// registry's answer): the shell knows no section of its own. A section's path is its id (`/orders`).
import type { ComposedSection, Composition } from '@growth-admin/shared-client';

export type Section = ComposedSection;

declare const __webpack_public_path__: string;
/** Where the shell is served from (SHELL_PUBLIC_PATH at build time; `/` in tests). */
export const BASE_PATH = typeof __webpack_public_path__ === 'string' && __webpack_public_path__.startsWith('/') ? __webpack_public_path__ : '/';

/** What a URL shows: a section, a section that no longer exists (its remote was decommissioned), or the default. */
export type Route = { kind: 'section'; section: Section } | { kind: 'removed'; path: string; label: string };

/** The first path segment under the base path, lower-cased ('' at the root). */
export function pathSegment(pathname: string, basePath = '/'): string {
  const base = basePath.endsWith('/') ? basePath : `${basePath}/`;
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : pathname.replace(/^\/+/, '');
  return rest.split('/')[0]?.toLowerCase() ?? '';
}

/** The route of a URL; the root and an unknown path show the first section (null where there is none). */
export function routeFor(composition: Composition, pathname: string, basePath = '/'): Route | null {
  const segment = pathSegment(pathname, basePath);
  const section = composition.sections.find((s) => s.path === segment);
  if (section) return { kind: 'section', section };
  const removed = composition.removedSections.find((s) => s.path === segment);
  if (removed) return { kind: 'removed', ...removed };
  return composition.sections[0] ? { kind: 'section', section: composition.sections[0] } : null;
}

/** Whether the URL names something of the composition (else it is rewritten to the root). */
export function isKnownPath(composition: Composition, pathname: string, basePath = '/'): boolean {
  const segment = pathSegment(pathname, basePath);
  return segment === '' || composition.sections.some((s) => s.path === segment) || composition.removedSections.some((s) => s.path === segment);
}

export function pathForSection(path: string, basePath = '/'): string {
  const base = basePath.endsWith('/') ? basePath : `${basePath}/`;
  return `${base}${path}`;
}
