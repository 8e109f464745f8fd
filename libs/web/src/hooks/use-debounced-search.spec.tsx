import { act, fireEvent, render, screen } from '@testing-library/react';
import { SEARCH_DEBOUNCE_MS, useDebouncedSearch } from './use-debounced-search.js';

function SearchBox({ onSearch }: { onSearch: (value: string) => void }) {
  const search = useDebouncedSearch(onSearch);
  return <input aria-label="Search Patients" onChange={(event) => search(event.target.value)} />;
}

describe('useDebouncedSearch (SPEC.md §5: debounced 500 ms and de-duplicated)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function type(value: string) {
    fireEvent.change(screen.getByLabelText('Search Patients'), { target: { value } });
  }

  it('searches once, 500 ms after the last keystroke', () => {
    const onSearch = jest.fn();
    render(<SearchBox onSearch={onSearch} />);
    type('c');
    type('cr');
    type('cru');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('cru');
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
  });

  it('skips a search for the same value as the last one', () => {
    const onSearch = jest.fn();
    render(<SearchBox onSearch={onSearch} />);
    type('cruz');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    type('cru');
    type('cruz ');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('an emptied box searches the empty value, which reloads the full list', () => {
    const onSearch = jest.fn();
    render(<SearchBox onSearch={onSearch} />);
    type('cruz');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    type('');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch.mock.calls).toEqual([['cruz'], ['']]);
  });
});
