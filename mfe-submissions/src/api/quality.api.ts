import type { CaseQualityList, QualitySummary } from '@pnss/libs/api';
import { api } from '@pnss/web';

/**
 * The Data Quality calls of issue 31, injected into the platform's API base: the view for a range of
 * discharge dates, and the review of a page of closed cases (beside Approve). 'Quality' is refetched
 * when an approval changes (an approval refused for an open query says why).
 */
const qualityModuleApi = api.enhanceEndpoints({ addTagTypes: ['Quality'] });

export const qualityApi = qualityModuleApi.injectEndpoints({
  endpoints: (build) => ({
    getQualitySummary: build.query<QualitySummary, { from: string; to: string }>({
      query: ({ from, to }) => ({ url: '/quality/summary', params: { from, to } }),
      providesTags: [{ type: 'Quality', id: 'SUMMARY' }],
    }),
    getCaseQuality: build.query<CaseQualityList, string[]>({
      query: (ids) => ({ url: '/quality/cases', params: { ids: ids.join(',') } }),
      providesTags: [{ type: 'Quality', id: 'CASES' }],
    }),
  }),
});

export const { useGetQualitySummaryQuery, useGetCaseQualityQuery } = qualityApi;
