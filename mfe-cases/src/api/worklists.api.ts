import type { WorklistCounts, WorklistKey, WorklistPage } from '@pnss/libs/api';
import { casesModuleApi, LIST_ID } from './cases-module.api.js';
import { listParams, nextPage } from './patients.api.js';

/** A worklist's page arguments: the list and the Cases list's case-number search. */
export interface WorklistArgs {
  list: WorklistKey;
  search?: string;
}

/**
 * The worklists (issue 31). Both read the cases list's tag, so a change to any case (closing it,
 * answering a query) makes the lists and their counts stale at once.
 */
export const worklistsApi = casesModuleApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/worklists/:list, 100 a page, newest first, as the Cases list; a count above 1,000 is capped. */
    getWorklist: build.infiniteQuery<WorklistPage, WorklistArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => nextPage(lastPage, lastPageParam),
      },
      query: ({ queryArg: { list, search }, pageParam }) => ({
        url: `/worklists/${encodeURIComponent(list)}`,
        params: listParams({ search, page: pageParam }),
      }),
      keepUnusedDataFor: 600,
      providesTags: [{ type: 'Case', id: LIST_ID }],
    }),
    /** GET /api/worklists: each offered list's count. */
    getWorklistCounts: build.query<WorklistCounts, void>({
      query: () => '/worklists',
      providesTags: [{ type: 'Case', id: LIST_ID }],
    }),
  }),
});

export const { useGetWorklistInfiniteQuery, useGetWorklistCountsQuery } = worklistsApi;
