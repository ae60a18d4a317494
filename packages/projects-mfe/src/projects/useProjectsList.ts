import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getProjects, queryKeys, toApiError, type ToastApi } from '@growth-admin/shared-client';

/** The projects list; a failed load is also toasted once per failure (spec 8). */
export function useProjectsList(toast: ToastApi) {
  const query = useQuery({ queryKey: queryKeys.projects.list(), queryFn: getProjects });
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (error) toast.error(`Failed to load projects: ${toApiError(error).message}`);
    // errorUpdatedAt marks a new failure; the toast object may change identity on every shell render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, errorUpdatedAt]);
  return query;
}
