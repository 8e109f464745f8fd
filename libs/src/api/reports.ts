import type { BirthCounts } from '../classifications/births.js';
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
  /** Maternal mortality only: the spec's rate (deaths over obstetric patients discharged, a percent). */
  rate?: MortalityRateResult;
  /** Maternal mortality only: the WHO maternal mortality ratio, beside the spec's rate. */
  mmr?: MaternalMortalityRatioResult;
  /** OB report only: the WHO perinatal figures, internationally and by the national threshold. */
  perinatal?: { international: PerinatalFigures; national: PerinatalFigures; counts: string };
  charts: ReportChart[];
}

export type ReportExportFormat = 'csv' | 'xlsx';

/** One row of the Robson report (WHO's table): percentages are 0-100, null with no denominator. */
export interface RobsonReportRow {
  /**
   * The group key ('1', '2a', ... '10') or 'unclassifiable'.
   * @maxLength 32
   */
  group: string;
  label: string;
  /** @maxLength 500 */
  definition: string;
  /** Women who gave birth in the group. */
  women: number;
  /** The group's share of all women (group size, %). */
  share: number | null;
  /** Women of the group delivered by caesarean section. */
  caesareans: number;
  /** The caesarean rate within the group (%). */
  caesareanRate: number | null;
  /** Absolute contribution: the group's caesareans over all women (%). */
  absoluteContribution: number | null;
  /** Relative contribution: the group's caesareans over all caesareans (%). */
  relativeContribution: number | null;
}

/** GET /api/reports/robson: the Robson Ten-Group table of the women who gave birth in the range. */
export interface RobsonReportAnswer {
  from: string;
  to: string;
  /** The counting rule, and who the table counts. */
  rule: string;
  counts: string;
  /** Groups 1 to 10 with their sub-groups in WHO's order, then the women not classifiable. */
  rows: RobsonReportRow[];
  total: { women: number; caesareans: number; caesareanRate: number | null };
}

/** The maternal mortality ratio of a summary: per 100,000 live births, with its exact Poisson 95% interval. */
export interface MaternalMortalityRatioResult {
  /** Maternal deaths counted in the ratio: every one but the coincidental. */
  deaths: number;
  /** Live-born babies of the obstetric cases counted (twins count twice). */
  liveBirths: number;
  /** Null with no live birth. */
  ratio: number | null;
  lower: number | null;
  upper: number | null;
  /** Coincidental deaths (ICD-MM group 9), left out of the ratio. */
  coincidentalDeaths: number;
  /** Deaths whose cause maps to no ICD-MM group (counted in the ratio). */
  unmappedDeaths: number;
  /**
   * What the ratio is, in one sentence.
   * @maxLength 500
   */
  definition: string;
}

/** The WHO perinatal figures of a summary by one stillbirth threshold; rates per 1000, null with no denominator. */
export interface PerinatalFigures extends BirthCounts {
  /** What the threshold is ('International (WHO): 28 weeks or 1000 g'). */
  label: string;
  threshold: { weeks: number; grams: number };
  totalBirths: number;
  stillbirthRate: number | null;
  earlyNeonatalMortalityRate: number | null;
  perinatalMortalityRate: number | null;
  neonatalMortalityRate: number | null;
}
