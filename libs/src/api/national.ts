import type { IsoDateTime } from './case-form.js';
import type { PerinatalFigures, RobsonReportRow } from './reports.js';

/**
 * The national census (issue 29): the society's hub turns the packages it accepted into national fact
 * tables (one row per case, one per infant) and answers the national figures from them. This file is
 * the contract between the hub's services and the society's front end (mfe-national); the route paths
 * and their permissions are in permissions/route-permissions.ts, the words in /NATIONAL-API.md.
 *
 * Periods are months: a package carries the month of discharge and no day (data dictionary 2026.2), so
 * a period is `from`..`to`, both 'YYYY-MM', inclusive. A quarter is three months, a year twelve; the
 * front end turns its month/quarter/year/custom choice into these two months.
 *
 * Every rate is computed by the libs functions the department's reports use (rates/maternalMortalityRatio,
 * rates/perinatalRates, classifications/robson-table robsonTable, classifications/births countBirths), so
 * a department and the society count a case the same way.
 */

/**
 * A month, 'YYYY-MM'.
 * @maxLength 7
 * @pattern ^\d{4}-(0[1-9]|1[0-2])$
 */
export type YearMonth = string;

export const YEAR_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The longest period one request may ask for: ten years of months. */
export const NATIONAL_PERIOD_MAX_MONTHS = 120;

/** The query of every national figure route. */
export interface NationalPeriodQuery {
  /**
   * First month counted, 'YYYY-MM'.
   * @maxLength 7
   */
  from: YearMonth;
  /**
   * Last month counted, 'YYYY-MM', not before `from`; at most NATIONAL_PERIOD_MAX_MONTHS months after it.
   * @maxLength 7
   */
  to: YearMonth;
  /** One department (its DEPARTMENT_ID); all departments when left out. */
  departmentId?: string;
}

/**
 * The mark of a count under small-cell suppression (reports/suppression.ts, one rule): 'shown', 'small'
 * (1 to 4, shown as '†') or 'hidden' (a total that would reveal a small count, shown as 'x').
 */
export type NationalCellMark = 'shown' | 'small' | 'hidden';

/**
 * A count with its suppression mark. In the answers society staff read (view_national) `count` is the
 * true count and the mark tells the screen what a published copy shows. In an answer that leaves the
 * society (an export, a department's standing) a count whose mark is not 'shown' has `count: null`.
 */
export interface NationalCount {
  count: number | null;
  mark: NationalCellMark;
}

/**
 * A rate with its events and denominator. In an answer that leaves the society, a rate whose events are
 * suppressed is withheld too (`rate`, `lower`, `upper` null): with the denominator shown, the rate would
 * give the count back.
 */
export interface NationalRate {
  events: NationalCount;
  denominator: NationalCount;
  /** What the rate is per: 100 (percent), 1000 or 100000. */
  per: number;
  /** Null with no denominator, or when withheld. */
  rate: number | null;
  /** The exact Poisson (Garwood) 95% interval, when the figure has one; else null. */
  lower: number | null;
  upper: number | null;
}

/** The maternal mortality ratio: per 100,000 live births, exact Poisson 95% interval (rates/maternalMortalityRatio). */
export interface NationalMaternalMortality {
  /** Maternal deaths counted in the ratio (all but ICD-MM group 9) over live births (twins count twice). */
  mmr: NationalRate;
  /** Coincidental deaths (ICD-MM group 9): shown, not in the ratio. */
  coincidentalDeaths: NationalCount;
  /** Deaths whose recorded cause maps to no ICD-MM group: in the ratio. */
  unmappedDeaths: NationalCount;
  /**
   * Maternal deaths by ICD-MM group (classifications/icd-mm ICD_MM_GROUPS), groups 1 to 9 then 'unmapped'.
   * @maxItems 20
   */
  byIcdMmGroup: NationalMaternalDeathGroup[];
  /**
   * Maternal deaths by the timing of death (the form's deathTiming list), in its order, then 'N/A'.
   * @maxItems 20
   */
  byTiming: NationalSegmentCount[];
  /** Total maternal deaths, all groups: the total of both lists. */
  totalDeaths: NationalCount;
  /** @maxLength 500 */
  definition: string;
}

export interface NationalMaternalDeathGroup {
  /** '1'..'9', or 'unmapped'. @maxLength 16 */
  group: string;
  /** @maxLength 200 */
  label: string;
  /**
   * 'direct' | 'indirect' | 'unspecified' | 'coincidental' | 'unmapped'.
   * @maxLength 32
   */
  type: string;
  deaths: NationalCount;
  /** True for every group but 9 (coincidental). */
  inRatio: boolean;
}

export interface NationalSegmentCount {
  /** @maxLength 32 */
  segment: string;
  /** @maxLength 200 */
  label: string;
  count: NationalCount;
}

/** The WHO perinatal figures by one stillbirth threshold (counts from classifications/births countBirths). */
export interface NationalPerinatal {
  /**
   * 'International (WHO): 28 weeks or 1000 g' or 'National: 22 weeks or 500 g' (NATIONAL_STILLBIRTH_WEEKS, _GRAMS).
   * @maxLength 200
   */
  label: string;
  threshold: PerinatalFigures['threshold'];
  liveBirths: NationalCount;
  stillbirths: NationalCount;
  earlyNeonatalDeaths: NationalCount;
  neonatalDeaths: NationalCount;
  belowThreshold: NationalCount;
  thresholdUnknown: NationalCount;
  outcomeUnknown: NationalCount;
  totalBirths: NationalCount;
  /** Per 1000 total births. */
  stillbirthRate: number | null;
  /** Per 1000 live births. */
  earlyNeonatalMortalityRate: number | null;
  /** Per 1000 total births. */
  perinatalMortalityRate: number | null;
  /** Per 1000 live births. */
  neonatalMortalityRate: number | null;
}

/** One row of the Robson table (WHO's format, classifications/robson-table robsonTable) with marks on its counts. */
export interface NationalRobsonRow extends Omit<RobsonReportRow, 'women' | 'caesareans'> {
  women: NationalCount;
  caesareans: NationalCount;
}

export interface NationalCaesarean {
  /** Caesareans over women who gave birth in the departments (the Robson table's total), per 100. */
  rate: NationalRate;
  /**
   * Groups 1 to 10 with their sub-groups in WHO's order, then 'unclassifiable' (never dropped).
   * @maxItems 20
   */
  robson: NationalRobsonRow[];
  /** The share (percent) of women the classification could not place; null with no woman. */
  unclassifiableShare: number | null;
}

/** GET /api/national/figures: the national figures of a period, for all departments or one. */
export interface NationalFiguresAnswer {
  /** @maxLength 7 */
  from: YearMonth;
  /** @maxLength 7 */
  to: YearMonth;
  /**
   * Null: all departments.
   * @maxLength 64
   */
  departmentId: string | null;
  /** Departments with counted cases in the period. */
  departments: number;
  /** Cases counted (obstetric and gyne; each case of the latest version of its submission, once). */
  cases: number;
  /** Obstetric cases (the maternal figures' scope). */
  obstetricCases: number;
  maternal: NationalMaternalMortality;
  perinatal: { international: NationalPerinatal; national: NationalPerinatal };
  caesarean: NationalCaesarean;
  /**
   * The counting rule, in words (what counts, what does not: gyne cases, superseded versions, held packages).
   * @maxLength 500
   */
  rule: string;
  /**
   * SUPPRESSION_NOTE of reports/suppression.ts.
   * @maxLength 500
   */
  suppression: string;
  /**
   * When the newest counted package was ingested; null with none.
   * @maxLength 30
   */
  dataAsOf: IsoDateTime | null;
}

/** The indicators of the funnel plot. */
export const NATIONAL_FUNNEL_INDICATORS = ['mmr', 'caesarean', 'stillbirth', 'perinatal', 'neonatal'] as const;
export type NationalFunnelIndicator = (typeof NATIONAL_FUNNEL_INDICATORS)[number];

/** GET /api/national/funnel: the query. */
export interface NationalFunnelQuery {
  /** @maxLength 7 */
  from: YearMonth;
  /** @maxLength 7 */
  to: YearMonth;
  indicator: NationalFunnelIndicator;
  /** The stillbirth threshold of the perinatal indicators; 'international' when left out. */
  threshold?: 'international' | 'national';
}

/** Where a department falls against the limits: inside, or above/below them. */
export type FunnelPosition = 'inside' | 'above' | 'below';

export interface NationalFunnelPoint {
  departmentId: string;
  events: number;
  denominator: number;
  /** Per `per` of the answer; null with no denominator. */
  rate: number | null;
  /** Against the 95% limits (about 2 standard deviations). */
  position95: FunnelPosition;
  /** Against the 99.8% limits (about 3 standard deviations): an outlier when not 'inside'. */
  position998: FunnelPosition;
}

/** One point of the control limits, at a denominator; rates per `per`. */
export interface NationalFunnelLimit {
  denominator: number;
  lower95: number;
  upper95: number;
  lower998: number;
  upper998: number;
}

/**
 * GET /api/national/funnel: each department's rate against the national one, with 95% and 99.8% control
 * limits (exact: Poisson for the MMR, binomial for the proportions, quantiles from jstat), so that a
 * small department is not called an outlier for one death.
 */
export interface NationalFunnelAnswer {
  /** @maxLength 7 */
  from: YearMonth;
  /** @maxLength 7 */
  to: YearMonth;
  indicator: NationalFunnelIndicator;
  /** What the indicator is, its events and its denominator, in words. @maxLength 500 */
  definition: string;
  /** 'poisson' (MMR) or 'binomial' (the proportions). */
  model: 'poisson' | 'binomial';
  per: number;
  /** The national rate, the funnel's centre line; null with no denominator. */
  nationalRate: number | null;
  nationalEvents: number;
  nationalDenominator: number;
  /** @maxItems 10000 */
  points: NationalFunnelPoint[];
  /**
   * The limits from the smallest to the largest department's denominator (about 60 points), for the curves.
   * @maxItems 100
   */
  limits: NationalFunnelLimit[];
}

/** A month of one department in the completeness grid. */
export type CompletenessState = 'submitted' | 'late' | 'missing' | 'held';

export interface NationalCompletenessCell {
  /** @maxLength 7 */
  month: YearMonth;
  state: CompletenessState;
  /** Cases of the month counted (0 when missing or held). */
  cases: number;
  /**
   * The latest version counted for the month, when submitted.
   * @maxLength 64
   */
  submissionId: string | null;
  version: number | null;
  /** @maxLength 30 */
  receivedAt: IsoDateTime | null;
}

export interface NationalCompletenessRow {
  departmentId: string;
  /** @maxItems 120 */
  cells: NationalCompletenessCell[];
}

/** GET /api/national/completeness: which departments submitted which months (query NationalPeriodQuery). */
export interface NationalCompletenessAnswer {
  /** @maxLength 7 */
  from: YearMonth;
  /** @maxLength 7 */
  to: YearMonth;
  /** @maxItems 120 */
  months: YearMonth[];
  /**
   * Every department with an API key or a package, by id.
   * @maxItems 10000
   */
  rows: NationalCompletenessRow[];
  /** 'late': received more than this many days after the end of the month (NATIONAL_LATE_DAYS, default 60). */
  lateAfterDays: number;
  /** @maxLength 500 */
  rule: string;
}

/** The state of a package's ingest job. */
export const INGEST_STATES = ['queued', 'active', 'ingested', 'retrying', 'held', 'superseded'] as const;
export type IngestState = (typeof INGEST_STATES)[number];

/** One received package and what became of it in the national facts. */
export interface NationalIngestItem {
  /**
   * The hub package's id (HubPackage._id).
   * @maxLength 36
   */
  packageId: string;
  departmentId: string;
  submissionId: string;
  version: number;
  numOfCases: number;
  dataDictionaryVersion: string;
  /** @maxLength 30 */
  receivedAt: IsoDateTime;
  state: IngestState;
  /** Attempts made so far. */
  attempts: number;
  /** Why a package is held or retrying, in words (a code the national tables do not know, a dictionary the hub does not read). Null otherwise. @maxLength 2000 */
  reason: string | null;
  /**
   * When its facts were written; null until ingested.
   * @maxLength 30
   */
  ingestedAt: IsoDateTime | null;
  /** Cases and infants in the national facts from this package (0 unless ingested). */
  factCases: number;
  factInfants: number;
}

/** GET /api/national/ingest: the query (a page of 100, newest first). */
export interface NationalIngestQuery {
  state?: IngestState;
  departmentId?: string;
  offset?: number;
}

/** GET /api/national/ingest: the packages and their ingest, and the count of each state. */
export interface NationalIngestAnswer {
  /** @maxItems 100 */
  items: NationalIngestItem[];
  count: number;
  offset: number;
  totals: Record<IngestState, number>;
  /**
   * The queue's name and the library that runs it, for the operator.
   * @maxLength 200
   */
  queue: string;
}

/** POST /api/national/ingest/:packageid/retry: the package is queued again. */
export interface NationalIngestRetryAnswer {
  /** @maxLength 36 */
  packageId: string;
  state: IngestState;
  message: string;
}

/** The tables of the national views, each exportable as CSV or XLSX (always suppressed: an export leaves the society's staff). */
export const NATIONAL_EXPORT_TABLES = ['maternal', 'icd-mm', 'timing', 'perinatal', 'robson', 'funnel', 'completeness'] as const;
export type NationalExportTable = (typeof NATIONAL_EXPORT_TABLES)[number];

/** GET /api/national/export/:table: NationalPeriodQuery plus the format (and the funnel's indicator). */
export interface NationalExportQuery extends NationalPeriodQuery {
  format: 'csv' | 'xlsx';
  indicator?: NationalFunnelIndicator;
  threshold?: 'international' | 'national';
}

/** One department known to the hub (an API key or a package), for the department selector. */
export interface NationalDepartment {
  departmentId: string;
  /**
   * Its first and last counted month, null with none.
   * @maxLength 7
   */
  firstMonth: YearMonth | null;
  /** @maxLength 7 */
  lastMonth: YearMonth | null;
  cases: number;
}

/** GET /api/national/departments. */
export interface NationalDepartmentsAnswer {
  /** @maxItems 10000 */
  items: NationalDepartment[];
}

/**
 * GET /api/hub/standing (the department's API key is the credential; query `from`, `to`): where a
 * department stands, its own figures beside the national ones for the same period. Aggregates only,
 * every national count suppressed (`count: null` when not 'shown'); the department's own are its own.
 */
export interface NationalStandingAnswer {
  departmentId: string;
  /** @maxLength 7 */
  from: YearMonth;
  /** @maxLength 7 */
  to: YearMonth;
  department: NationalStandingFigures;
  national: NationalStandingFigures;
  /** The department on the funnel of each indicator: 'inside', 'above' or 'below' the 99.8% limits. */
  positions: Partial<Record<NationalFunnelIndicator, FunnelPosition>>;
  /**
   * When the hub computed the answer.
   * @maxLength 30
   */
  computedAt: IsoDateTime;
  /** @maxLength 500 */
  suppression: string;
}

export interface NationalStandingFigures {
  cases: NationalCount;
  mmr: NationalRate;
  caesarean: NationalRate;
  perinatal: { international: NationalPerinatal; national: NationalPerinatal };
}

/**
 * GET /api/reports/national (on a department; view_reports): the standing fetched from the society's
 * hub with the department's key, cached, labelled with its date. Without a configured society,
 * `configured` is false and `message` says so in words.
 */
export interface NationalComparisonAnswer {
  configured: boolean;
  message: string;
  /**
   * When the standing was fetched from the hub; null when never.
   * @maxLength 30
   */
  fetchedAt: IsoDateTime | null;
  standing: NationalStandingAnswer | null;
}
