import type {
  ApprovalRequest, ApprovalResponse, CensusPackage, CensusPackagesResponse, ClosedCaseItem, ClosedCasesResponse,
  DownloadTicket, HubApiKey, HubPackagesResponse, IssuedHubKey, IssueHubKeyRequest, PackagedCasesResponse,
  RebuildPackageRequest, SubmissionCaseType, SubmitPackageResponse,
} from '@pnss/libs/api';
import { API_PREFIX } from '@pnss/libs/api';
import { api, downloadWithToken } from '@pnss/web';

/**
 * The Submissions calls of SPEC.md §7, injected into the platform's API base. Cache tags:
 * 'ClosedCases' for the review lists, 'Package' for the census packages (LIST and by submission id),
 * 'HubPackage' and 'HubKey' for the society hub screen.
 */
const submissionsModuleApi = api.enhanceEndpoints({ addTagTypes: ['ClosedCases', 'Package', 'HubPackage', 'HubKey'] });

export const LIST_ID = 'LIST';

export interface ClosedCasesArgs {
  /** null: every closed case (GET /submissions/cases/closed). */
  caseType: SubmissionCaseType | null;
  offset: number;
}

export interface PackagesArgs {
  search: string;
  offset: number;
}

export const submissionsApi = submissionsModuleApi.injectEndpoints({
  endpoints: (build) => ({
    getClosedCases: build.query<ClosedCasesResponse<ClosedCaseItem>, ClosedCasesArgs>({
      query: ({ caseType, offset }) => ({ url: caseType ? `/submissions/${caseType}` : '/submissions/cases/closed', params: { offset } }),
      providesTags: [{ type: 'ClosedCases', id: LIST_ID }],
    }),
    setApproval: build.mutation<ApprovalResponse, ApprovalRequest>({
      query: (body) => ({ url: '/submissions/cases/approval', method: 'PUT', body }),
      invalidatesTags: [{ type: 'ClosedCases', id: LIST_ID }],
    }),
    createPackage: build.mutation<CensusPackage, { selectedCases: string[] }>({
      query: (body) => ({ url: '/submissions/cases/create', method: 'POST', body }),
      invalidatesTags: [{ type: 'Package', id: LIST_ID }],
    }),
    getPackage: build.query<CensusPackage, string>({
      query: (submissionId) => `/submissions/census/packages/${encodeURIComponent(submissionId)}`,
      providesTags: (_result, _error, submissionId) => [{ type: 'Package', id: submissionId }],
    }),
    getPackages: build.query<CensusPackagesResponse, PackagesArgs>({
      query: ({ search, offset }) =>
        search
          ? { url: '/submissions/census/packages/search', params: { search, offset } }
          : { url: '/submissions/census/packages', params: { offset } },
      providesTags: [{ type: 'Package', id: LIST_ID }],
    }),
    getPackagedCases: build.query<PackagedCasesResponse, { submissionId: string; offset: number }>({
      query: ({ submissionId, offset }) => ({ url: `/submissions/cases/packaged/${encodeURIComponent(submissionId)}`, params: { offset } }),
    }),
    rebuildPackage: build.mutation<CensusPackage, RebuildPackageRequest>({
      query: (body) => ({ url: '/submissions/census/packages/rebuild', method: 'POST', body }),
      invalidatesTags: [{ type: 'Package', id: LIST_ID }],
    }),
    submitPackage: build.mutation<SubmitPackageResponse, { submissionid: string }>({
      query: (body) => ({ url: '/submissions/census/packages/submit', method: 'POST', body }),
      // Sent or Failed: the list shows what happened either way.
      invalidatesTags: [{ type: 'Package', id: LIST_ID }],
    }),
    downloadTicket: build.mutation<DownloadTicket, string>({
      query: (submissionId) => ({ url: `/submissions/download/${encodeURIComponent(submissionId)}`, method: 'POST' }),
    }),
    /** Issue 30: the file of one version of a package, a superseded one too. */
    downloadVersionTicket: build.mutation<DownloadTicket, { submissionId: string; version: number }>({
      query: ({ submissionId, version }) => ({ url: `/submissions/download/${encodeURIComponent(submissionId)}`, method: 'POST', params: { version } }),
    }),
    getHubPackages: build.query<HubPackagesResponse, { departmentId: string | null; offset: number }>({
      query: ({ departmentId, offset }) => ({ url: '/hub/packages', params: departmentId ? { departmentId, offset } : { offset } }),
      providesTags: [{ type: 'HubPackage', id: LIST_ID }],
    }),
    getHubKeys: build.query<HubApiKey[], void>({
      query: () => '/hub/keys',
      providesTags: [{ type: 'HubKey', id: LIST_ID }],
    }),
    issueHubKey: build.mutation<IssuedHubKey, IssueHubKeyRequest>({
      query: (body) => ({ url: '/hub/keys', method: 'POST', body }),
      invalidatesTags: [{ type: 'HubKey', id: LIST_ID }],
    }),
    revokeHubKey: build.mutation<HubApiKey, string>({
      query: (keyId) => ({ url: `/hub/keys/${encodeURIComponent(keyId)}/revoke`, method: 'POST' }),
      invalidatesTags: [{ type: 'HubKey', id: LIST_ID }],
    }),
  }),
});

export const {
  useGetClosedCasesQuery,
  useSetApprovalMutation,
  useCreatePackageMutation,
  useGetPackageQuery,
  useGetPackagesQuery,
  useGetPackagedCasesQuery,
  useRebuildPackageMutation,
  useSubmitPackageMutation,
  useDownloadTicketMutation,
  useDownloadVersionTicketMutation,
  useGetHubPackagesQuery,
  useGetHubKeysQuery,
  useIssueHubKeyMutation,
  useRevokeHubKeyMutation,
} = submissionsApi;

/**
 * Saves a received package as the department sent it (GET /api/hub/packages/:id/file, audited by the
 * server): fetched with the session's token, then saved under the server's file name. Answers that
 * name, or throws with the server's message.
 */
export function downloadHubPackage(packageId: string): Promise<string> {
  return downloadWithToken(`${API_PREFIX}/hub/packages/${encodeURIComponent(packageId)}/file`, 'package.zip', {
    failureMessage: 'The package could not be downloaded',
  });
}
