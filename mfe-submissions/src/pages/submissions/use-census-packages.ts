import { useEffect, useState } from 'react';
import type { CensusPackage } from '@pnss/libs/api';
import { useDebouncedSearch } from '@pnss/web';
import { useGetPackagesQuery } from '../../api/submissions.api.js';

/**
 * The list is read again every second while anything on it can still change by itself: a build
 * that runs, an upload to the society under way, or a submit this tab has just asked for.
 */
export function packagesStillChanging(items: readonly CensusPackage[], submitting: boolean): boolean {
  return submitting || items.some((pkg) => pkg.building || pkg.status === 'Sending');
}

/**
 * The Census tab's list: the searched Submission ID (500 ms after typing stops, back to the first
 * page), the page, and the packages, polled while their status changes without a reload.
 * `setSubmitting` is told while a submit waits for its answer, which keeps the list polling.
 */
export function useCensusPackages() {
  const [search, setSearch] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [offset, setOffset] = useState(0);
  const onSearch = useDebouncedSearch((value) => {
    setOffset(0);
    setSearch(value);
  });
  const [polling, setPolling] = useState(false);
  const query = useGetPackagesQuery({ search, offset }, { pollingInterval: polling ? 1000 : 0 });
  useEffect(() => {
    setPolling(packagesStillChanging(query.data?.items ?? [], submitting));
  }, [submitting, query.data]);
  return { search, onSearch, offset, setOffset, setSubmitting, query };
}
