import type { FieldQueriesResponse, FieldQuery } from '@pnss/libs/api';
import { casesModuleApi } from './cases-module.api.js';

/**
 * Queries on a field of a case (issue 31), injected into the platform's API base: a case's queries
 * (tag 'Query' by case id), and raise, answer, reply and close, each refreshing that case's list.
 */
const queriesModuleApi = casesModuleApi.enhanceEndpoints({ addTagTypes: ['Query'] });

type Step = { queryId: string; caseId: string; text?: string };

export const queriesApi = queriesModuleApi.injectEndpoints({
  endpoints: (build) => ({
    getCaseQueries: build.query<FieldQueriesResponse, string>({
      query: (caseId) => `/queries/case/${encodeURIComponent(caseId)}`,
      providesTags: (_result, _error, caseId) => [{ type: 'Query', id: caseId }],
    }),
    raiseQuery: build.mutation<FieldQuery, { caseId: string; field: string; question: string }>({
      query: (body) => ({ url: '/queries', method: 'POST', body }),
      invalidatesTags: (_result, _error, { caseId }) => [{ type: 'Query', id: caseId }],
    }),
    stepQuery: build.mutation<FieldQuery, Step & { action: 'answer' | 'reply' | 'close' }>({
      query: ({ queryId, action, text }) => ({ url: `/queries/${encodeURIComponent(queryId)}/${action}`, method: 'POST', body: text ? { text } : {} }),
      invalidatesTags: (_result, _error, { caseId }) => [{ type: 'Query', id: caseId }],
    }),
  }),
});

export const { useGetCaseQueriesQuery, useRaiseQueryMutation, useStepQueryMutation } = queriesApi;
