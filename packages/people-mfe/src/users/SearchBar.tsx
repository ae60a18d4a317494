import { Button, Input, Select, Space } from 'antd';
import { useState } from 'react';
import {
  SEARCH_PLACEHOLDERS,
  SEARCH_TYPE_OPTIONS,
  type SearchType,
  toUserSearch,
  type UserSearch,
} from './search';

interface Props {
  onSearch: (search: UserSearch) => void;
}

/**
 * Search type, text and a Search button; Enter in the text box searches too. The button is never
 * blocked while a search runs: the newest search replaces the one in flight (its progress shows on
 * the results), so a slow answer cannot hold the next search back.
 */
export function SearchBar({ onSearch }: Props) {
  const [type, setType] = useState<SearchType>('username');
  const [text, setText] = useState('');
  const submit = () => onSearch(toUserSearch(type, text));

  return (
    <form
      role="search"
      aria-label="Search users"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Space.Compact style={{ width: '100%', maxWidth: 560 }}>
        <Select<SearchType>
          aria-label="Search type"
          value={type}
          onChange={setType}
          options={SEARCH_TYPE_OPTIONS}
          style={{ width: 130 }}
        />
        <Input
          aria-label={type === 'userId' ? 'User ID' : 'Username'}
          placeholder={SEARCH_PLACEHOLDERS[type]}
          value={text}
          onChange={(event) => setText(event.target.value)}
          allowClear
        />
        <Button type="primary" htmlType="submit">
          Search
        </Button>
      </Space.Compact>
    </form>
  );
}
