import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectInput } from '@growth-admin/shared-client';
import { createProject, deleteProject, keys, updateProject } from '../api/projects';

/**
 * Create, update and delete; each refreshes the projects list on success.
 * Toasts and closing the dialog are left to the caller, which knows its mode.
 */
export function useProjectMutations(projectDbId: string | undefined) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.all });

  const create = useMutation({
    mutationFn: (input: ProjectInput) => createProject(input),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: (input: ProjectInput) => updateProject(requireId(projectDbId), input),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => deleteProject(requireId(projectDbId)),
    onSuccess: refresh,
  });
  return { create, update, remove, busy: create.isPending || update.isPending || remove.isPending };
}

function requireId(id: string | undefined): string {
  if (!id) throw new Error('No project selected');
  return id;
}
