import { Segmented } from 'antd';
import type { TrendPeriod } from '@growth-admin/shared-client';

export const PERIOD_OPTIONS: Array<{ label: string; value: TrendPeriod }> = [
  { label: 'Hourly', value: 'hour' },
  { label: 'Daily', value: 'day' },
  { label: 'Weekly', value: 'week' },
];

export function PeriodToggle({ value, onChange }: { value: TrendPeriod; onChange: (period: TrendPeriod) => void }) {
  return (
    <Segmented<TrendPeriod>
      aria-label="Trend period"
      options={PERIOD_OPTIONS}
      value={value}
      onChange={onChange}
    />
  );
}
