import { useEffect, useState } from 'react';
import { Input } from 'antd';

/**
 * The search box of the recipient and certificate lists: it searches on Enter or its icon, and
 * emptying it shows the whole list again at once. It shows `search` whenever that changes.
 */
export function SearchBox({
  label,
  search,
  onSearch,
  placeholder = 'Start of a name, email or student ID',
}: {
  label: string;
  search: string;
  onSearch: (search: string) => void;
  placeholder?: string;
}) {
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);
  return (
    <Input.Search
      aria-label={label}
      placeholder={placeholder}
      allowClear
      style={{ flex: '1 1 260px', maxWidth: 380 }}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        if (e.target.value === '' && search !== '') onSearch('');
      }}
      onSearch={(value) => onSearch(value.trim())}
    />
  );
}
