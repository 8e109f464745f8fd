import { api, getToken } from '@pnss/web';
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
export async function downloadNationalExport(table: NationalExportTable, query: NationalExportQuery): Promise<string> {
  const token = getToken();
  const response = await fetch(nationalExportUrl(table, query), { headers: token ? { Authorization: token } : {} });
  if (!response.ok) {
    let message = `Export failed (${response.status})`;
    try {
      const body = (await response.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // Not JSON: keep the status.
    }
    throw new Error(message);
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `national-${table}.${query.format}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return fileName;
}
