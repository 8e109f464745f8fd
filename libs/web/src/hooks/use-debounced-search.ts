import { useCallback, useEffect, useRef } from 'react';

/** SPEC.md §9: search boxes wait 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * Returns a change handler that calls `onSearch` once typing pauses, and not again for the
 * value it last searched (SPEC.md §5: debounced and de-duplicated). An emptied box searches ''.
 */
export function useDebouncedSearch(onSearch: (value: string) => void, delayMs = SEARCH_DEBOUNCE_MS) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = useRef<string | null>(null);
  const latestOnSearch = useRef(onSearch);
  useEffect(() => {
    latestOnSearch.current = onSearch;
  }, [onSearch]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return useCallback(
    (value: string) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        const term = value.trim();
        if (term === last.current) return;
        last.current = term;
        latestOnSearch.current(term);
      }, delayMs);
    },
    [delayMs],
  );
}
