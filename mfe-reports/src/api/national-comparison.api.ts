import { api } from '@pnss/web';
import type { NationalComparisonAnswer, YearMonth } from '@pnss/libs/api';

export const nationalComparisonApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/reports/national?from&to: the department's standing, fetched from the society's hub with its key (issue 29). */
    getNationalComparison: build.query<NationalComparisonAnswer, { from: YearMonth; to: YearMonth }>({
      query: (months) => ({ url: '/reports/national', params: months }),
    }),
  }),
});

export const { useGetNationalComparisonQuery } = nationalComparisonApi;
