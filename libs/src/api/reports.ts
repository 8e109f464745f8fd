/** SPEC.md §3 Report category: a row or column dimension of the report table. */
export interface ReportSegment {
  name: string;
  label: string;
}

export interface ReportCategory {
  _id: string;
  name: string;
  label: string;
  segments: ReportSegment[];
}

/** SPEC.md §3 report result row: count per segment, running total, and counts per cross segment. */
export interface ReportRow {
  label: string;
  count: number;
  acc: number;
  /**
   * Count per segment of the crossed category, by segment name.
   * @maxProperties 100
   */
  crosssegments?: Record<string, number>;
}

/** The mortality-rate figure (SPEC.md §9). */
export interface MortalityRateResult {
  deaths: number;
  alive: number;
  rate: number;
}

export type ReportFilterBy = 'obreport' | 'maternalMortality';

/** A report row with the key of its segment ('Total' for the total row). */
export interface ReportTableRow extends ReportRow {
  name: string;
}

/** Answer of the report table (POST /api/reports/table) and of GET /api/categories/{category} with a range. */
export interface ReportTableAnswer {
  category: ReportCategory;
  /** Null when the column category is N/A. */
  cross: ReportCategory | null;
  /** First and last counted day, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  /** The counting rule, in one sentence. */
  rule: string;
  /** One row per segment of the category in its order (an N/A row only when it counts any case). */
  rows: ReportTableRow[];
  /** Column totals in `crosssegments`, the grand total in `count`: cases, each counted once. */
  total: ReportTableRow;
}

export type ReportChartKind = 'bar' | 'column' | 'doughnut';

export interface ReportChartSegment {
  name: string;
  label: string;
  count: number;
}

/** One chart of a summary: counts per segment and the number of cases they are a share of. */
export interface ReportChart {
  name: string;
  title: string;
  kind: ReportChartKind;
  segments: ReportChartSegment[];
  /** The cases the chart counts (a case with several indications counts once here). */
  total: number;
  /** What the chart counts, in words. */
  counts: string;
}

export interface ReportSummaryAnswer {
  view: ReportFilterBy;
  from: string;
  to: string;
  rule: string;
  /** Maternal mortality only. */
  rate?: MortalityRateResult;
  charts: ReportChart[];
}

export type ReportExportFormat = 'csv' | 'xlsx';
