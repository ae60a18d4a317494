// The fallback of a section whose remote cannot load or throws while rendering.
import { Button, Result } from 'antd';

export function SectionUnavailable({ label, reason, onRetry }: { label: string; reason: string; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title={`${label} is unavailable`}
      subTitle={reason}
      extra={
        <Button type="primary" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
