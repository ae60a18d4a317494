// The projects calls, over shared-client's typed call, with their React Query keys and options
// beside them. Nothing outside this remote reads or invalidates them; the keys keep the values they
// had in shared-client (under its `queryKeys.all` root).
import { queryOptions } from '@tanstack/react-query';
import { call, queryKeys, type Project, type ProjectInput } from '@growth-admin/shared-client';

export function getProjects(): Promise<Project[]> {
  return call('get', '/api/admin/projects');
}

export function createProject(project: ProjectInput): Promise<Project> {
  return call('post', '/api/admin/projects', { body: project });
}

export function updateProject(id: string, project: ProjectInput): Promise<Project> {
  return call('put', '/api/admin/projects/{id}', { params: { id }, body: project });
}

export function deleteProject(id: string): Promise<unknown> {
  return call('delete', '/api/admin/projects/{id}', { params: { id } });
}

const all = [...queryKeys.all, 'projects'] as const;

export const keys = {
  /** Every projects query: a change refreshes them all. */
  all,
  list: () => [...all, 'list'] as const,
};

export const queries = {
  projects: () => queryOptions({ queryKey: keys.list(), queryFn: getProjects }),
};
