// The Projects list in the URL (`/projects?q=gamma&team=Growth&sort=team.asc`), so a reload, back/forward
// and a pasted link show the same. The list is not paged: the filter and the sort run in the browser.
import type { Project } from '@growth-admin/shared-client';
import { ALL_TEAMS, type ProjectFilters } from './filterProjects';
import { formatSort, parseSort, type ListSort, type UrlCodec } from '@growth-admin/ui-kit';

export const PROJECT_SORT_FIELDS = ['projectName', 'team'] as const;
export type ProjectSortField = (typeof PROJECT_SORT_FIELDS)[number];

export interface ProjectsView extends ProjectFilters {
  /** null: the server's order. */
  sort: ListSort<ProjectSortField> | null;
}

export const FIRST_PROJECTS_VIEW: ProjectsView = { search: '', team: ALL_TEAMS, sort: null };

export const PROJECTS_URL: UrlCodec<ProjectsView> = {
  parse(query) {
    return {
      search: (query.get('q') ?? '').slice(0, 100),
      team: (query.get('team') ?? '').trim().slice(0, 100),
      sort: parseSort(query.get('sort'), PROJECT_SORT_FIELDS),
    };
  },
  format({ search, team, sort }) {
    const query = new URLSearchParams();
    if (search) query.set('q', search);
    if (team !== ALL_TEAMS) query.set('team', team);
    if (sort) query.set('sort', formatSort(sort));
    return query;
  },
};

const text = (value: string | undefined) => value ?? '';

/** The projects in the chosen order (by name, or by team then name), case-insensitively; the server's order without one. */
export function sortProjects(projects: readonly Project[], sort: ListSort<ProjectSortField> | null): Project[] {
  if (!sort) return [...projects];
  const compare = (a: Project, b: Project) =>
    sort.field === 'team'
      ? text(a.team).localeCompare(text(b.team), undefined, { sensitivity: 'base' }) || text(a.projectName).localeCompare(text(b.projectName), undefined, { sensitivity: 'base' })
      : text(a.projectName).localeCompare(text(b.projectName), undefined, { sensitivity: 'base' });
  const direction = sort.order === 'asc' ? 1 : -1;
  return [...projects].sort((a, b) => direction * compare(a, b));
}
