import { useId, useMemo } from 'react';
import { DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { OrderSearchField } from '../api/orders';
import type { SearchOption } from '../lib/kindText';
import type { StatusChoice } from '../lib/listCriteria';
import { type DayRange, dayOf, dayStart, FIELD_LABEL_STYLE, NO_DAY_RANGE, SearchBar } from '@growth-admin/ui-kit';
import { STATUS_FILTER_OPTIONS } from '../lib/status';

interface OrderFiltersProps {
  /** The form's accessible name, e.g. 'Search orders'. */
  label: string;
  searchOptions: SearchOption[];
  /** The search that was last applied: the draft starts from it. */
  initialField: OrderSearchField;
  initialText: string;
  status: StatusChoice;
  range: DayRange;
  onSearch: (field: OrderSearchField, text: string) => void;
  onStatusChange: (status: StatusChoice) => void;
  onRangeChange: (range: DayRange) => void;
}

const asDay = (day: string | null) => {
  const start = dayStart(day);
  return start ? dayjs(start) : null;
};

/** The picked days (either may be open), as the URL keeps them. */
function toRange(dates: [Dayjs | null, Dayjs | null] | null): DayRange {
  if (!dates) return NO_DAY_RANGE;
  return { from: dates[0] ? dayOf(dates[0].toDate()) : null, to: dates[1] ? dayOf(dates[1].toDate()) : null };
}

/** The shared search bar (type, text, Search; Enter too), the status filter and the created range, which apply at once. */
export function OrderFilters({ label, searchOptions, initialField, initialText, status, range, onSearch, onStatusChange, onRangeChange }: OrderFiltersProps) {
  const id = useId();
  // The same value until the range changes: antd's picker takes a new value (even an equal one, given
  // on a re-render while the end date is typed) as the range being reset, and dropped a start date
  // typed and confirmed with Enter before the end date.
  const picked = useMemo<[Dayjs | null, Dayjs | null] | null>(() => [asDay(range.from), asDay(range.to)], [range.from, range.to]);
  return (
    <SearchBar<OrderSearchField>
      label={label}
      layout="labelled"
      options={searchOptions}
      initialField={initialField}
      initialText={initialText}
      onSearch={onSearch}
    >
      <div style={{ marginInlineStart: 'auto' }}>
        <label htmlFor={`${id}-created`} style={FIELD_LABEL_STYLE}>
          Created
        </label>
        <DatePicker.RangePicker
          id={{ start: `${id}-created`, end: `${id}-created-end` }}
          value={picked}
          onChange={(dates) => onRangeChange(toRange(dates))}
          allowEmpty={[true, true]}
          placeholder={['Start date', 'End date']}
          format="YYYY-MM-DD"
          style={{ width: 250 }}
        />
      </div>
      <div>
        <label htmlFor={`${id}-status`} style={FIELD_LABEL_STYLE}>
          Status
        </label>
        <Select<StatusChoice> id={`${id}-status`} value={status} onChange={onStatusChange} options={STATUS_FILTER_OPTIONS} style={{ width: 150 }} />
      </div>
    </SearchBar>
  );
}
