import { Alert, Button } from 'antd';
import { toApiError } from '@growth-admin/shared-client';

/** A list that could not load: why, and a Retry (as the projects list does). */
export function ListError({
  what,
  error,
  retrying,
  onRetry,
}: {
  what: string;
  error: unknown;
  retrying: boolean;
  onRetry(): void;
}) {
  return (
    <Alert
      type="error"
      showIcon
      title={`Error loading ${what}: ${toApiError(error).message}`}
      style={{ marginBottom: 16 }}
      action={
        <Button size="small" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      }
    />
  );
}
