import { api, downloadWithToken } from '@pnss/web';
import { API_PREFIX, type ReportCategory, type ReportExportFormat, type ReportFilterBy, type ReportSummaryAnswer, type ReportTableAnswer } from '@pnss/libs/api';
import { dayStartMs, type ReportRange, type ReportValueMode } from '@pnss/libs/reports';

/** The range as the API takes it (SPEC.md §7): millisecond timestamps of the first and last day. */
export function rangeParams(range: ReportRange): { from: number; to: number } {
  return { from: dayStartMs(range.from), to: dayStartMs(range.to) };
}

export interface SummaryArgs {
  view: ReportFilterBy;
  range: ReportRange;
}

export interface TableArgs {
  category: string;
  /** Left out for N/A. */
  cross?: string;
  range: ReportRange;
}

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/reports/summary/{view}?from&to */
    getReportSummary: build.query<ReportSummaryAnswer, SummaryArgs>({
      query: ({ view, range }) => ({ url: `/reports/summary/${view}`, params: rangeParams(range) }),
    }),
    /** POST /api/reports/table {category, cross, from, to} */
    getReportTable: build.query<ReportTableAnswer, TableArgs>({
      query: ({ category, cross, range }) => ({
        url: '/reports/table',
        method: 'POST',
        body: { category, ...(cross ? { cross } : {}), ...rangeParams(range) },
      }),
    }),
    /** GET /api/categories/reports: the row and column categories. */
    getReportCategories: build.query<ReportCategory[], void>({
      query: () => '/categories/reports',
    }),
  }),
});

export const { useGetReportSummaryQuery, useGetReportTableQuery, useGetReportCategoriesQuery } = reportsApi;

export interface ExportRequest {
  format: ReportExportFormat;
  suppress: boolean;
  range: ReportRange;
  /** The table export; else the summary of `view`. */
  table?: { category: string; cross?: string; mode: ReportValueMode };
  view?: ReportFilterBy;
  /** The Robson table's export. */
  robson?: boolean;
}

export function exportUrl(request: ExportRequest): string {
  const { from, to } = rangeParams(request.range);
  const params = new URLSearchParams({ from: String(from), to: String(to), format: request.format, suppress: String(request.suppress) });
  if (request.table) {
    params.set('category', request.table.category);
    if (request.table.cross) params.set('cross', request.table.cross);
    params.set('mode', request.table.mode);
    return `${API_PREFIX}/reports/export/table?${params.toString()}`;
  }
  if (request.robson) return `${API_PREFIX}/reports/export/robson?${params.toString()}`;
  return `${API_PREFIX}/reports/export/summary/${request.view ?? 'obreport'}?${params.toString()}`;
}

/** Downloads an export with the session's token and saves it under the server's file name. */
export function downloadExport(request: ExportRequest): Promise<string> {
  return downloadWithToken(exportUrl(request), `report.${request.format}`, { failureMessage: 'Export failed' });
}
