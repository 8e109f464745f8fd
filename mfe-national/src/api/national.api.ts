import { api, downloadWithToken } from '@pnss/web';
import {
  API_PREFIX,
  type NationalCompletenessAnswer, type NationalDepartmentsAnswer, type NationalExportQuery, type NationalExportTable,
  type NationalFiguresAnswer, type NationalFunnelAnswer, type NationalFunnelQuery, type NationalIngestAnswer, type NationalIngestQuery,
  type NationalIngestRetryAnswer, type NationalPeriodQuery,
} from '@pnss/libs/api';

/** The query string of a request: the fields that are set, as strings. */
function params(query: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') out[key] = String(value);
  return out;
}

/** The society hub's national census routes (NATIONAL-API.md), each under its permission. */
export const nationalApi = api.enhanceEndpoints({ addTagTypes: ['NationalIngest'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/national/figures?from&to&departmentId */
    getNationalFigures: build.query<NationalFiguresAnswer, NationalPeriodQuery>({
      query: (query) => ({ url: '/national/figures', params: params(query) }),
    }),
    /** GET /api/national/funnel?from&to&indicator&threshold */
    getNationalFunnel: build.query<NationalFunnelAnswer, NationalFunnelQuery>({
      query: (query) => ({ url: '/national/funnel', params: params(query) }),
    }),
    /** GET /api/national/completeness?from&to */
    getNationalCompleteness: build.query<NationalCompletenessAnswer, NationalPeriodQuery>({
      query: (query) => ({ url: '/national/completeness', params: params(query) }),
    }),
    /** GET /api/national/departments */
    getNationalDepartments: build.query<NationalDepartmentsAnswer, void>({
      query: () => '/national/departments',
    }),
    /** GET /api/national/ingest?state&departmentId&offset */
    getNationalIngest: build.query<NationalIngestAnswer, NationalIngestQuery>({
      query: (query) => ({ url: '/national/ingest', params: params(query) }),
      providesTags: ['NationalIngest'],
    }),
    /** POST /api/national/ingest/:packageid/retry */
    retryNationalIngest: build.mutation<NationalIngestRetryAnswer, string>({
      query: (packageId) => ({ url: `/national/ingest/${encodeURIComponent(packageId)}/retry`, method: 'POST' }),
      invalidatesTags: ['NationalIngest'],
    }),
  }),
});

export const {
  useGetNationalFiguresQuery,
  useGetNationalFunnelQuery,
  useGetNationalCompletenessQuery,
  useGetNationalDepartmentsQuery,
  useGetNationalIngestQuery,
  useRetryNationalIngestMutation,
} = nationalApi;

export function nationalExportUrl(table: NationalExportTable, query: NationalExportQuery): string {
  return `${API_PREFIX}/national/export/${table}?${new URLSearchParams(params(query)).toString()}`;
}

/** Downloads a national export (always suppressed by the server) with the session's token, under the server's file name. */
export function downloadNationalExport(table: NationalExportTable, query: NationalExportQuery): Promise<string> {
  return downloadWithToken(nationalExportUrl(table, query), `national-${table}.${query.format}`, { failureMessage: 'Export failed' });
}
