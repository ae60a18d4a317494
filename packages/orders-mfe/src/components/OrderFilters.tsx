import { useId } from 'react';
import { Select } from 'antd';
import { FIELD_LABEL_STYLE, type OrderSearchField, SearchBar, STATUS_FILTER_OPTIONS } from '@growth-admin/shared-client';
import type { SearchOption } from '../lib/kindText';
import type { StatusChoice } from '../lib/listCriteria';

interface OrderFiltersProps {
  /** The form's accessible name, e.g. 'Search orders'. */
  label: string;
  searchOptions: SearchOption[];
  /** The search that was last applied: the draft starts from it. */
  initialField: OrderSearchField;
  initialText: string;
  status: StatusChoice;
  onSearch: (field: OrderSearchField, text: string) => void;
  onStatusChange: (status: StatusChoice) => void;
}

/** The shared search bar (type, text, Search; Enter too) and the status filter, which applies at once. */
export function OrderFilters({ label, searchOptions, initialField, initialText, status, onSearch, onStatusChange }: OrderFiltersProps) {
  const id = useId();
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
        <label htmlFor={`${id}-status`} style={FIELD_LABEL_STYLE}>
          Status
        </label>
        <Select<StatusChoice> id={`${id}-status`} value={status} onChange={onStatusChange} options={STATUS_FILTER_OPTIONS} style={{ width: 150 }} />
      </div>
    </SearchBar>
  );
}
