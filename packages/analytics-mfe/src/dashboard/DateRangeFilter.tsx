// The trends' date range beside the period toggle. Empty is the spec's default window (the last
// 30 days); a chosen range is whole calendar days, both ends included, none in the future.
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TrendRange } from '@growth-admin/shared-client';

/** The API's longest window. */
export const MAX_RANGE_DAYS = 366;

const DAY_FORMAT = 'YYYY-MM-DD';

export function DateRangeFilter({ value, onChange }: { value: TrendRange | null; onChange: (range: TrendRange | null) => void }) {
  const picked: [Dayjs, Dayjs] | null = value ? [dayjs(value.from), dayjs(value.to)] : null;
  return (
    <DatePicker.RangePicker
      aria-label="Date range"
      placeholder={['Start date', 'End date']}
      format={DAY_FORMAT}
      value={picked}
      allowClear
      disabledDate={(day, info) => {
        if (day.isAfter(dayjs(), 'day')) return true;
        const other = info?.from;
        return !!other && Math.abs(day.diff(other, 'day')) >= MAX_RANGE_DAYS;
      }}
      onChange={(days) => onChange(days?.[0] && days[1] ? { from: days[0].format(DAY_FORMAT), to: days[1].format(DAY_FORMAT) } : null)}
    />
  );
}
