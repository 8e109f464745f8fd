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
  crosssegments?: Record<string, number>;
}

/** Body of the report table query: from and to are millisecond timestamps (SPEC.md §7). */
export interface ReportTableRequest {
  category: string;
  cross?: string;
  from: number;
  to: number;
}

export interface ReportRangeQuery {
  from: number;
  to: number;
}

/** The mortality-rate figure (SPEC.md §9). */
export interface MortalityRateResult {
  deaths: number;
  alive: number;
  rate: number;
}

export type ReportFilterBy = 'obreport' | 'maternalMortality';
