import { useId, useState, type FormEvent } from 'react';
import { Button, Input, Select } from 'antd';
import { STATUS_FILTER_OPTIONS, type OrderSearchField } from '@growth-admin/shared-client';
import type { SearchOption } from '../lib/kindText';
import type { StatusChoice } from '../lib/listCriteria';

interface OrderFiltersProps {
  searchOptions: SearchOption[];
  /** The search that was last applied: the draft starts from it. */
  initialField: OrderSearchField;
  initialText: string;
  status: StatusChoice;
  onSearch: (field: OrderSearchField, text: string) => void;
  onStatusChange: (status: StatusChoice) => void;
}

const labelStyle = { display: 'block', fontSize: 12, marginBottom: 4, color: 'rgba(0,0,0,0.65)' } as const;

/**
 * Search type + text + Search (Enter submits the form too), and the status filter, which applies
 * at once. The typed text is only a draft until searched, so paging never uses half-typed text.
 */
export function OrderFilters({
  searchOptions,
  initialField,
  initialText,
  status,
  onSearch,
  onStatusChange,
}: OrderFiltersProps) {
  const id = useId();
  const [field, setField] = useState<OrderSearchField>(initialField);
  const [text, setText] = useState(initialText);
  const placeholder = searchOptions.find((o) => o.value === field)?.placeholder;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(field, text);
  };

  return (
    <form role="search" onSubmit={submit} style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end' }}>
      <div>
        <label htmlFor={`${id}-type`} style={labelStyle}>
          Search by
        </label>
        <Select<OrderSearchField>
          id={`${id}-type`}
          value={field}
          onChange={setField}
          options={searchOptions.map(({ value, label }) => ({ value, label }))}
          style={{ width: 170 }}
        />
      </div>
      <div style={{ flex: '1 1 240px', maxWidth: 420 }}>
        <label htmlFor={`${id}-text`} style={labelStyle}>
          Search text
        </label>
        <Input
          id={`${id}-text`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={placeholder}
          allowClear
        />
      </div>
      <Button type="primary" htmlType="submit">
        Search
      </Button>
      <div style={{ marginInlineStart: 'auto' }}>
        <label htmlFor={`${id}-status`} style={labelStyle}>
          Status
        </label>
        <Select<StatusChoice>
          id={`${id}-status`}
          value={status}
          onChange={onStatusChange}
          options={STATUS_FILTER_OPTIONS}
          style={{ width: 150 }}
        />
      </div>
    </form>
  );
}
