import type { Project } from '@growth-admin/shared-client';

export interface ProjectFilters {
  /** Matched case-insensitively against projectName and projectId. */
  search: string;
  /** '' means all teams. */
  team: string;
}

export const ALL_TEAMS = '';

/** The projects the table shows for the current search text and team. */
export function filterProjects(projects: readonly Project[], { search, team }: ProjectFilters): Project[] {
  const needle = search.trim().toLowerCase();
  return projects.filter((project) => {
    if (team !== ALL_TEAMS && project.team !== team) return false;
    if (!needle) return true;
    return (
      (project.projectName ?? '').toLowerCase().includes(needle) ||
      (project.projectId ?? '').toLowerCase().includes(needle)
    );
  });
}

/** The distinct non-empty teams, sorted, for the team dropdown (after 'All Teams'). */
export function distinctTeams(projects: readonly Project[]): string[] {
  const teams = new Set(projects.map((p) => p.team).filter((team): team is string => Boolean(team)));
  return [...teams].sort((a, b) => a.localeCompare(b));
}

/** A chosen team that no longer exists (its last project was deleted or renamed) falls back to All Teams. */
export function availableTeam(team: string, teams: readonly string[]): string {
  return team === ALL_TEAMS || teams.includes(team) ? team : ALL_TEAMS;
}
