import {
  PAGE_SIZE, type ListQuery, type Paged, type Patient, type PatientCounts, type PatientDuplicateQuery, type PatientDuplicates,
  type PatientListTag, type PatientPage, type PatientPayload,
} from '@pnss/libs/api';
import { casesModuleApi, caseChangeTags, LIST_ID } from './cases-module.api.js';

/** The patients list filters (SPEC.md §2 Patients list); dates 'YYYY-MM-DD'. */
export interface PatientListArgs {
  search?: string;
  tag?: PatientListTag;
  cases?: 'all' | 'ob' | 'gyne';
  fromdate?: string;
  todate?: string;
}

/** PUT /api/patients/:patientid: the fields sent change; `version` is the one opened (409 when stale). */
export type PatientUpdate = Partial<PatientPayload> & { patientid: string; version?: number };

/** Drops empty filters so the query string says only what the user chose. */
export function listParams(args: ListQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value !== undefined && value !== null && value !== '') params[key] = value as string | number;
  }
  return params;
}

/**
 * The page after `lastPageParam`, while the pages seen hold fewer rows than the count; past a capped
 * count (a search matching more than SEARCH_COUNT_CAP), while the last page was full.
 */
export function nextPage(lastPage: Paged<unknown> & { countCapped?: boolean }, lastPageParam: number): number | undefined {
  if (lastPage.countCapped) return lastPage.items.length === PAGE_SIZE ? lastPageParam + 1 : undefined;
  return (lastPageParam + 1) * PAGE_SIZE < lastPage.count ? lastPageParam + 1 : undefined;
}

export const patientsApi = casesModuleApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/patients/duplicates: existing patients with this name and birth date (asked before a new patient is saved). */
    findDuplicatePatients: build.query<PatientDuplicates, PatientDuplicateQuery>({
      query: (args) => ({ url: '/patients/duplicates', params: { ...args } }),
      keepUnusedDataFor: 0,
    }),
    /** GET /api/patients, 100 a page (SPEC.md §7); `useGetPatientsInfiniteQuery(filters)`. */
    getPatients: build.infiniteQuery<PatientPage, PatientListArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => nextPage(lastPage, lastPageParam),
      },
      query: ({ queryArg, pageParam }) => ({ url: '/patients', params: listParams({ ...queryArg, page: pageParam }) }),
      // Kept while the user is in a preview or a form, so the list comes back as it was left.
      keepUnusedDataFor: 600,
      providesTags: [{ type: 'Patient', id: LIST_ID }],
    }),
    getPatient: build.query<Patient, string>({
      query: (patientid) => `/patients/${encodeURIComponent(patientid)}`,
      providesTags: (_result, _error, patientid) => [{ type: 'Patient', id: patientid }],
    }),
    /** The four counts of SPEC.md §3, answered by GET /patients/{all,admitted,opencase,allcases}/count. */
    getPatientCounts: build.query<PatientCounts, void>({
      async queryFn(_arg, _queryApi, _extraOptions, baseQuery) {
        const paths = ['all', 'admitted', 'opencase', 'allcases'].map((kind) => `/patients/${kind}/count`);
        const results = await Promise.all(paths.map((path) => baseQuery(path)));
        const failed = results.find((result) => result.error);
        if (failed?.error) return { error: failed.error };
        return { data: Object.assign({}, ...results.map((result) => result.data)) as PatientCounts };
      },
      providesTags: [{ type: 'Patient', id: LIST_ID }, { type: 'Case', id: LIST_ID }],
    }),
    /** POST /api/patients; the reply is the stored patient, whose `_id` names the new-case route. */
    createPatient: build.mutation<Patient, PatientPayload>({
      query: (body) => ({ url: '/patients', method: 'POST', body }),
      invalidatesTags: [{ type: 'Patient', id: LIST_ID }],
    }),
    updatePatient: build.mutation<Patient, PatientUpdate>({
      query: ({ patientid, ...body }) => ({ url: `/patients/${encodeURIComponent(patientid)}`, method: 'PUT', body }),
      // The cases list shows ages from the birth date, so it is stale too.
      invalidatesTags: (_result, _error, { patientid }) => caseChangeTags(patientid, null),
    }),
  }),
});

export const {
  useGetPatientsInfiniteQuery,
  useGetPatientQuery,
  useGetPatientCountsQuery,
  useCreatePatientMutation,
  useUpdatePatientMutation,
  useLazyFindDuplicatePatientsQuery,
} = patientsApi;
