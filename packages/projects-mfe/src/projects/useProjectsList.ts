import { useQuery } from '@tanstack/react-query';
import { toApiError, type ToastApi } from '@growth-admin/shared-client';
import { queries } from '../api/projects';
import { useFailureToast } from '@growth-admin/ui-kit';

/** The projects list; a failed load is also toasted once per failure (spec 8). */
export function useProjectsList(toast: ToastApi) {
  const query = useQuery(queries.projects());
  const { error, errorUpdatedAt } = query;
  useFailureToast(error && `Failed to load projects: ${toApiError(error).message}`, errorUpdatedAt, toast);
  return query;
}
