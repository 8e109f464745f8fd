import type {
  AuditEntryView, CaseForm, CaseFormPayload, CaseListFilter, CaseViewFilter, Paged, PatientCaseInfo,
} from '@pnss/libs/api';
import { casesModuleApi, caseChangeTags, LIST_ID } from './cases-module.api.js';
import { listParams, nextPage } from './patients.api.js';
import type { CaseInfoAnswer, CaseInfoView, CaseListEntry as LibsCaseListEntry, CaseStateAnswer } from '@pnss/libs/api';
export type { CaseInfoAnswer, CaseInfoView, CaseStateAnswer } from '@pnss/libs/api';

/**
 * A row of the cases list. The server's rows carry the patient's name (issue 14: the right
 * patient always in view); optional here until every server answering this module sends it.
 */
export type CaseListEntry = LibsCaseListEntry & {
  patientName?: string | null;
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
};

/** The cases list filters (SPEC.md §2 Cases list); dates 'YYYY-MM-DD'. */
export interface CaseListArgs {
  search?: string;
  tag?: CaseViewFilter;
  cases?: CaseListFilter;
  fromdate?: string;
  todate?: string;
}

export type CaseInfoCreate = Omit<PatientCaseInfo, '_id'>;
export type CaseInfoUpdate = Omit<PatientCaseInfo, '_id'> & { caseid: string; version?: number };

/** Which case a state change or a read is about. `version`, when sent, must be the stored one. */
export interface CaseRef {
  patientid: string;
  caseid: string;
  version?: number;
}

export type CaseCreate = { patientid: string; body: Partial<CaseFormPayload> };
/** PUT .../cases/:caseid: the fields sent change; `body.version` is required (409 with `current` when stale). */
export type CaseUpdate = { patientid: string; caseid: string; body: Partial<CaseFormPayload> & { version: number } };

/** The API path of one case (after /api), as the offline queue stores it too. */
export function caseApiPath({ patientid, caseid }: { patientid: string; caseid: string }): string {
  return `/patients/${encodeURIComponent(patientid)}/cases/${encodeURIComponent(caseid)}`;
}

function stateChange(action: 'close' | 'reopen' | 'archive' | 'unarchive' | 'amend' | 'withdraw') {
  return ({ patientid, caseid, version }: CaseRef) => ({
    url: `${caseApiPath({ patientid, caseid })}/${action}`,
    method: 'PUT',
    body: { patientid, caseid, ...(version === undefined ? {} : { version }) },
  });
}

export const casesApi = casesModuleApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/patientcases, 100 a page, newest first; `useGetCasesInfiniteQuery(filters)`. */
    getCases: build.infiniteQuery<Paged<CaseListEntry>, CaseListArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => nextPage(lastPage, lastPageParam),
      },
      query: ({ queryArg, pageParam }) => ({ url: '/patientcases', params: listParams({ ...queryArg, page: pageParam }) }),
      keepUnusedDataFor: 600,
      providesTags: [{ type: 'Case', id: LIST_ID }],
    }),

    // The case-information screen (SPEC.md §2): case number, birth date, pediatric confirmation.
    getCaseInfo: build.query<CaseInfoView, string>({
      query: (caseid) => `/patientcases/${encodeURIComponent(caseid)}`,
      providesTags: (_result, _error, caseid) => [{ type: 'Case', id: caseid }],
    }),
    /** Without `patientid` the patient is created too. */
    createCaseInfo: build.mutation<CaseInfoAnswer, CaseInfoCreate>({
      query: (body) => ({ url: '/patientcases', method: 'POST', body }),
      invalidatesTags: (result, _error, body) => caseChangeTags(result?.patientid ?? body.patientid, null),
    }),
    updateCaseInfo: build.mutation<CaseInfoAnswer, CaseInfoUpdate>({
      query: ({ caseid, ...body }) => ({ url: `/patientcases/${encodeURIComponent(caseid)}`, method: 'PUT', body }),
      invalidatesTags: (result, _error, { caseid, patientid }) => caseChangeTags(result?.patientid ?? patientid, caseid),
    }),

    // The PNSS case form of one patient and its lifecycle (SPEC.md §4, §7).
    /** GET /api/patients/:patientid/cases: whole forms, newest admission first. */
    getPatientCases: build.query<CaseForm[], string>({
      query: (patientid) => `/patients/${encodeURIComponent(patientid)}/cases`,
      providesTags: (result, _error, patientid) => [
        { type: 'PatientCases', id: patientid },
        ...(result ?? []).flatMap((form) => (form._id ? [{ type: 'Case' as const, id: form._id }] : [])),
      ],
    }),
    getCase: build.query<CaseForm, Omit<CaseRef, 'version'>>({
      query: (ref) => caseApiPath(ref),
      providesTags: (_result, _error, { caseid }) => [{ type: 'Case', id: caseid }],
    }),
    createCase: build.mutation<CaseForm, CaseCreate>({
      query: ({ patientid, body }) => ({ url: `/patients/${encodeURIComponent(patientid)}/cases`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { patientid }) => caseChangeTags(patientid, null),
    }),
    updateCase: build.mutation<CaseForm, CaseUpdate>({
      query: ({ patientid, caseid, body }) => ({ url: caseApiPath({ patientid, caseid }), method: 'PUT', body }),
      // A save that never reached the server changed nothing there: refetching would only replace the
      // form being edited (its save now waiting in the offline queue, issue 32) with a load error.
      invalidatesTags: (_result, error, { patientid, caseid }) =>
        error && typeof error.status !== 'number' ? [] : caseChangeTags(patientid, caseid),
    }),
    /** Runs the close-case check on the server: 422 with the failing fields (label, message) when it fails. */
    closeCase: build.mutation<CaseStateAnswer, CaseRef>({
      query: stateChange('close'),
      invalidatesTags: (_result, _error, { patientid, caseid }) => caseChangeTags(patientid, caseid),
    }),
    reopenCase: build.mutation<CaseStateAnswer, CaseRef>({
      query: stateChange('reopen'),
      invalidatesTags: (_result, _error, { patientid, caseid }) => caseChangeTags(patientid, caseid),
    }),
    /** Issue 30: PUT .../amend, a Submitted case reopened for amendment with a reason. */
    amendCase: build.mutation<CaseStateAnswer, CaseRef & { reason: string }>({
      query: ({ reason, ...ref }) => ({ ...stateChange('amend')(ref), body: { ...stateChange('amend')(ref).body, reason } }),
      invalidatesTags: (_result, _error, { patientid, caseid }) => caseChangeTags(patientid, caseid),
    }),
    /** Issue 30: PUT .../withdraw, a Submitted case withdrawn from its package with a reason, archived if asked. */
    withdrawCase: build.mutation<CaseStateAnswer, CaseRef & { reason: string; archive: boolean }>({
      query: ({ reason, archive, ...ref }) => ({ ...stateChange('withdraw')(ref), body: { ...stateChange('withdraw')(ref).body, reason, archive } }),
      invalidatesTags: (_result, _error, { patientid, caseid }) => caseChangeTags(patientid, caseid),
    }),
    archiveCase: build.mutation<CaseStateAnswer, CaseRef>({
      query: stateChange('archive'),
      invalidatesTags: (_result, _error, { patientid, caseid }) => caseChangeTags(patientid, caseid),
    }),
    unarchiveCase: build.mutation<CaseStateAnswer, CaseRef>({
      query: stateChange('unarchive'),
      invalidatesTags: (_result, _error, { patientid, caseid }) => caseChangeTags(patientid, caseid),
    }),
    /**
     * The case's history (issues 30, 31): its audit entries and its package's that concern it, oldest
     * first, 100 a page; `useGetCaseHistoryInfiniteQuery({ patientid, caseid })`. A change to the case refreshes it.
     */
    getCaseHistory: build.infiniteQuery<Paged<AuditEntryView>, Omit<CaseRef, 'version'>, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => nextPage(lastPage, lastPageParam),
      },
      query: ({ queryArg, pageParam }) => ({ url: `${caseApiPath(queryArg)}/history`, params: pageParam ? { offset: pageParam } : {} }),
      providesTags: (_result, _error, { caseid }) => [{ type: 'Case', id: caseid }],
    }),
  }),
});

export const {
  useGetCasesInfiniteQuery,
  useGetCaseInfoQuery,
  useCreateCaseInfoMutation,
  useUpdateCaseInfoMutation,
  useGetPatientCasesQuery,
  useGetCaseQuery,
  useCreateCaseMutation,
  useUpdateCaseMutation,
  useCloseCaseMutation,
  useReopenCaseMutation,
  useArchiveCaseMutation,
  useUnarchiveCaseMutation,
  useAmendCaseMutation,
  useWithdrawCaseMutation,
  useGetCaseHistoryInfiniteQuery,
} = casesApi;
