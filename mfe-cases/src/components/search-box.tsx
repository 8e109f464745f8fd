import { useState } from 'react';
import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useDebouncedSearch } from '@pnss/web';

interface SearchBoxProps {
  /** The placeholder and the accessible name, e.g. 'Search Patients'. */
  label: string;
  initial: string;
  onSearch: (term: string) => void;
}

/** SPEC.md §5: the search waits 500 ms after typing stops and skips a search it just made. */
export function SearchBox({ label, initial, onSearch }: SearchBoxProps) {
  const [value, setValue] = useState(initial);
  const search = useDebouncedSearch(onSearch);
  return (
    <Input
      type="search"
      role="searchbox"
      aria-label={label}
      placeholder={label}
      allowClear
      value={value}
      prefix={<SearchOutlined aria-hidden />}
      onChange={(event) => {
        setValue(event.target.value);
        search(event.target.value);
      }}
      style={{ width: '100%' }}
    />
  );
}
