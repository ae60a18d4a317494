import { Button, Input, Select, Space } from 'antd';
import { type ReactNode, useId, useState } from 'react';

/**
 * Marks a list's search box, so the shell's `/` shortcut focuses it without knowing the section:
 * `<Input {...LIST_SEARCH_MARK} />` (SearchBar's text box has it).
 */
export const LIST_SEARCH_MARK = { 'data-list-search': '' } as const;

export interface SearchOption<F extends string> {
  value: F;
  label: string;
  placeholder: string;
}

export interface SearchBarProps<F extends string> {
  /** The search types, e.g. Username / User ID. */
  options: ReadonlyArray<SearchOption<F>>;
  /** The search last applied: the draft starts from it. */
  initialField: F;
  initialText?: string;
  /** Called on Search and on Enter with the text trimmed. */
  onSearch: (field: F, text: string) => void;
  /** The form's accessible name, e.g. 'Search users'. */
  label: string;
  /**
   * 'compact': type, text and Search joined in one control, named for assistive technology only;
   * 'labelled': each with a visible label above it ('Search by', 'Search text'), and room for
   * filters after the button (`children`).
   */
  layout?: 'compact' | 'labelled';
  children?: ReactNode;
}

/**
 * The small label above each field of a labelled search bar (and any filter placed beside it), in
 * the theme's secondary text colour (set on the page by DocumentTheme; light mode's by default).
 */
export const FIELD_LABEL_STYLE = { display: 'block', fontSize: 12, marginBottom: 4, color: 'var(--ga-text-secondary, rgba(0, 0, 0, 0.65))' } as const;

/**
 * The search bar of every list: a type select, a text box and Search (Enter searches too). The typed
 * text is a draft until searched, so paging never uses half-typed text. The button is never blocked
 * while a search runs: the newest search replaces the one in flight, so a slow answer cannot hold
 * the next search back.
 */
export function SearchBar<F extends string>({
  options,
  initialField,
  initialText = '',
  onSearch,
  label,
  layout = 'compact',
  children,
}: SearchBarProps<F>) {
  const id = useId();
  const [field, setField] = useState<F>(initialField);
  const [text, setText] = useState(initialText);
  const chosen = options.find((o) => o.value === field);
  const selectOptions = options.map(({ value, label: text }) => ({ value, label: text }));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    onSearch(field, text.trim());
  };

  if (layout === 'compact') {
    return (
      <form role="search" aria-label={label} onSubmit={submit}>
        <Space.Compact style={{ width: '100%', maxWidth: 560 }}>
          <Select<F> aria-label="Search type" value={field} onChange={setField} options={selectOptions} style={{ width: 130 }} />
          <Input
            aria-label={chosen?.label ?? 'Search text'}
            placeholder={chosen?.placeholder}
            value={text}
            onChange={(event) => setText(event.target.value)}
            {...LIST_SEARCH_MARK}
            allowClear
          />
          <Button type="primary" htmlType="submit">
            Search
          </Button>
        </Space.Compact>
      </form>
    );
  }
  return (
    <form role="search" aria-label={label} onSubmit={submit} style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end' }}>
      <div>
        <label htmlFor={`${id}-type`} style={FIELD_LABEL_STYLE}>
          Search by
        </label>
        <Select<F> id={`${id}-type`} value={field} onChange={setField} options={selectOptions} style={{ width: 170 }} />
      </div>
      <div style={{ flex: '1 1 240px', maxWidth: 420 }}>
        <label htmlFor={`${id}-text`} style={FIELD_LABEL_STYLE}>
          Search text
        </label>
        <Input id={`${id}-text`} value={text} onChange={(event) => setText(event.target.value)} placeholder={chosen?.placeholder} allowClear {...LIST_SEARCH_MARK} />
      </div>
      <Button type="primary" htmlType="submit">
        Search
      </Button>
      {children}
    </form>
  );
}
