import { Inject, Injectable } from '@nestjs/common';
import type {
  MaternalMortalityRatioResult, MortalityRateResult, PerinatalFigures, ReportCategory, ReportChart, ReportChartKind, ReportFilterBy,
  ReportSummaryAnswer, ReportTableAnswer, ReportTableRow, RobsonReportAnswer,
} from '@pnss/libs/api';
import {
  INTERNATIONAL_STILLBIRTH_THRESHOLD, ICD_MM_UNMAPPED, type StillbirthThreshold, countBirths, icdMmSegmentCountsInRatio, robsonTable,
} from '@pnss/libs/classifications';
import { maternalMortalityRatio, perinatalRates } from '@pnss/libs/rates';
import {
  CAESAREAN_DIMENSION, CASE_TYPE_DIMENSION, ICD_MM_DIMENSION, NOT_APPLICABLE_SEGMENT, REPORT_COUNTING_RULE, ROBSON_DIMENSION, ROLLUP_NONE, type ReportDimension, type ReportRange, findReportDimension, isRangeProblem,
  isShownWhenEmpty, maternalMortalityRate, parseReportRange, reportCategories,
} from '@pnss/libs/reports';
import { badField } from '../../common/errors/common.errors.js';
import { APP_CONFIG, type AppConfig, reportsConfigOf } from '../../config/app-config.js';
import { type BirthGroupRow, type PairCountRow, ReportsRepository } from './reports.repository.js';
import { ReportsErrorCode, reportsError } from './reports.errors.js';

export const REPORT_VIEWS: readonly ReportFilterBy[] = ['obreport', 'maternalMortality'];

/** The crosses GET /categories/MotherCondition offers (SPEC.md §7). */
export const MOTHER_CONDITION_CROSSES = ['AOG', 'DirectMaternalDeath', 'DeathTiming', 'PregnancyType'] as const;

interface ChartSpec {
  name: string;
  title: string;
  kind: ReportChartKind;
  /** The report dimension whose segments the chart shows. */
  dimension: string;
  counts: string;
  /** The rollup pair summed: [dimA, ''] counts by dimA; [dimA, dimB] with `where` counts by dimB the cases of dimA's segment `where`. */
  pair: readonly [string, string];
  where?: string;
  /** Leave the N/A segment out of the chart. */
  dropNotApplicable?: boolean;
}

const DIED = '3';

const MATERNAL_MORTALITY_CHARTS: readonly ChartSpec[] = [
  { name: 'aog', title: 'Age of Gestation', kind: 'column', dimension: 'AOG', counts: 'maternal deaths (of obstetric cases) by weeks of gestation, an estimated range in its group', pair: ['MotherCondition', 'AOG'], where: DIED },
  { name: 'directCauses', title: 'Direct Causes', kind: 'bar', dimension: 'DirectMaternalDeath', counts: 'maternal deaths from a direct cause, by cause', pair: ['DirectMaternalDeath', ROLLUP_NONE] },
  { name: 'deathTiming', title: 'Timing of Death', kind: 'doughnut', dimension: 'DeathTiming', counts: 'maternal deaths by timing', pair: ['DeathTiming', ROLLUP_NONE] },
  { name: 'maternalAge', title: 'Maternal Age', kind: 'column', dimension: 'AgeGroup', counts: 'maternal deaths (of obstetric cases) by age at admission', pair: ['MotherCondition', 'AgeGroup'], where: DIED },
  {
    name: 'icdMm', title: 'ICD-MM Groups', kind: 'bar', dimension: ICD_MM_DIMENSION, pair: [ICD_MM_DIMENSION, ROLLUP_NONE],
    counts: "maternal deaths by the WHO ICD-MM group of their underlying cause (groups 1-6 direct, 7 indirect, 8 unspecified, 9 coincidental); 'Unmapped cause' when the recorded cause has no group",
  },
];

/** What the maternal mortality ratio is, said with it. */
const MMR_DEFINITION = 'Maternal mortality ratio (WHO): maternal deaths from direct, indirect or unknown causes (not coincidental) '
  + 'per 100,000 live births (twins count twice) of the obstetric cases counted, with its exact Poisson 95% interval. '
  + "Not the spec's maternal mortality rate, which is deaths over obstetric patients discharged.";

/** Who the Robson table counts, said with it. */
const ROBSON_COUNTS = 'women who gave birth in the department (not those admitted after giving birth elsewhere), each in one Robson group '
  + "by the answers on her case; 'Not classifiable' when one it needs is not recorded. A woman is a caesarean when either twin was born by caesarean section.";

const PERINATAL_COUNTS = 'the infants of the obstetric cases counted: live births (neonatal deaths included, twins count twice), stillbirths '
  + 'from the threshold on (born dead below it, or with neither weight nor gestation recorded, are in no rate), early neonatal deaths (days 0-6) '
  + 'and neonatal deaths (days 0-27)';

const OB_REPORT_CHARTS: readonly ChartSpec[] = [
  { name: 'deliveryManner', title: 'Manner of Delivery', kind: 'doughnut', dimension: 'deliverymanner', counts: 'delivered cases by the manner of delivery of the first or only infant', pair: ['deliverymanner', ROLLUP_NONE], dropNotApplicable: true },
  { name: 'aog', title: 'All Age of Gestation', kind: 'column', dimension: 'AOG', counts: 'obstetric cases by weeks of gestation (at delivery, else at admission; an estimated range in its group)', pair: [CASE_TYPE_DIMENSION, 'AOG'], where: 'ob' },
  { name: 'pregnancyType', title: 'Pregnancy Type', kind: 'bar', dimension: 'PregnancyType', counts: 'obstetric cases by pregnancy type', pair: [CASE_TYPE_DIMENSION, 'PregnancyType'], where: 'ob' },
];

@Injectable()
export class ReportsService {
  constructor(
    private readonly repository: ReportsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The report categories for the table's selectors. */
  categories(): ReportCategory[] {
    return reportCategories();
  }

  category(name: string): ReportCategory {
    const dimension = this.dimension(name, 'category');
    return toCategory(dimension);
  }

  /**
   * GET /api/categories/<name>: the category's definition, or, given a range or a cross, its rows.
   * A cross is one of MOTHER_CONDITION_CROSSES (only GET /categories/MotherCondition passes one).
   */
  categoryAnswer(name: string, cross: string | undefined, from: string | undefined, to: string | undefined): ReportCategory | Promise<ReportTableAnswer> {
    if (cross !== undefined && cross !== '' && !(MOTHER_CONDITION_CROSSES as readonly string[]).includes(cross)) {
      throw reportsError(ReportsErrorCode.NoCrossSegments, { field: 'cross', value: cross });
    }
    if (from === undefined && to === undefined && !cross) return this.category(name);
    return this.table(name, cross, from, to);
  }

  range(from: unknown, to: unknown): ReportRange {
    if (from === undefined || from === null || from === '') throw badField('from', 'from is required: a millisecond timestamp');
    if (to === undefined || to === null || to === '') throw badField('to', 'to is required: a millisecond timestamp');
    const range = parseReportRange(from, to);
    if (isRangeProblem(range)) throw badField(range.field, range.message);
    return range;
  }

  async table(categoryName: unknown, crossName: unknown, from: unknown, to: unknown): Promise<ReportTableAnswer> {
    if (typeof categoryName !== 'string' || categoryName.trim() === '') throw badField('category', 'category is required: one of ' + names());
    const rows = this.dimension(categoryName, 'category');
    let cross: ReportDimension | null = null;
    if (crossName !== undefined && crossName !== null && crossName !== '' && crossName !== NOT_APPLICABLE_SEGMENT) {
      cross = typeof crossName === 'string' ? (findReportDimension(crossName) ?? null) : null;
      if (!cross) throw reportsError(ReportsErrorCode.NoCrossSegments, { field: 'cross', value: String(crossName) });
    }
    const range = this.range(from, to);
    const counts = await this.repository.table(range, rows.name, cross ? cross.name : null);

    const crossNames = cross ? [...cross.groups.map((g) => g.key), NOT_APPLICABLE_SEGMENT] : [];
    const rowCount = new Map<string, number>();
    const cell = new Map<string, number>();
    const columnTotal = new Map<string, number>();
    let grand = 0;
    for (const row of counts) {
      const n = Number(row.n);
      if (row.part === 'row' && row.r !== null) rowCount.set(row.r, n);
      else if (row.part === 'cell' && row.r !== null && row.c !== null) cell.set(`${row.r}\u0000${row.c}`, n);
      else if (row.part === 'col' && row.c !== null) columnTotal.set(row.c, n);
      else if (row.part === 'all') grand = n;
    }
    const segments = [...rows.groups.map((g) => ({ name: g.key, label: g.label })), { name: NOT_APPLICABLE_SEGMENT, label: NOT_APPLICABLE_SEGMENT }];
    const answerRows: ReportTableRow[] = [];
    let acc = 0;
    for (const segment of segments) {
      const count = rowCount.get(segment.name) ?? 0;
      if (count === 0 && !isShownWhenEmpty(rows, segment.name)) continue;
      acc += count;
      const row: ReportTableRow = { name: segment.name, label: segment.label, count, acc };
      if (cross) row.crosssegments = Object.fromEntries(crossNames.map((c) => [c, cell.get(`${segment.name}\u0000${c}`) ?? 0]));
      answerRows.push(row);
    }
    const total: ReportTableRow = { name: 'Total', label: 'Total', count: grand, acc: grand };
    if (cross) total.crosssegments = Object.fromEntries(crossNames.map((c) => [c, columnTotal.get(c) ?? 0]));
    return { category: toCategory(rows), cross: cross ? toCategory(cross) : null, from: range.from, to: range.to, rule: REPORT_COUNTING_RULE, rows: answerRows, total };
  }

  async summary(view: string, from: unknown, to: unknown): Promise<ReportSummaryAnswer> {
    if (!REPORT_VIEWS.includes(view as ReportFilterBy)) {
      throw reportsError(ReportsErrorCode.UnknownView, { field: 'view', value: view });
    }
    const range = this.range(from, to);
    if (view === 'maternalMortality') {
      const counts = await this.repository.pairs(range, [['MotherCondition', ROLLUP_NONE], ...MATERNAL_MORTALITY_CHARTS.map((c) => c.pair)]);
      const mother = (segment: string) => counts.find((r) => r.dimA === 'MotherCondition' && r.dimB === ROLLUP_NONE && r.segA === segment)?.n ?? 0;
      const deaths = mother(DIED);
      const alive = mother('1') + mother('2');
      const rate: MortalityRateResult = { deaths, alive, rate: maternalMortalityRate(deaths, alive) };
      const charts = MATERNAL_MORTALITY_CHARTS.map((spec) => chartOf(spec, counts));
      const mmr = mmrOf(counts.filter((r) => r.dimA === ICD_MM_DIMENSION && r.dimB === ROLLUP_NONE), await this.repository.births(range));
      return { view, from: range.from, to: range.to, rule: REPORT_COUNTING_RULE, rate, mmr, charts };
    }
    const counts = await this.repository.pairs(range, [
      ...OB_REPORT_CHARTS.map((c) => c.pair), ['csindication', ROLLUP_NONE], [CAESAREAN_DIMENSION, ROLLUP_NONE],
    ]);
    const charts = OB_REPORT_CHARTS.map((spec) => chartOf(spec, counts));
    const cs = findReportDimension('csindication')!;
    const bySegment = new Map(counts.filter((r) => r.dimA === 'csindication' && r.dimB === ROLLUP_NONE).map((r) => [r.segA, r.n]));
    const caesareans = counts.find((r) => r.dimA === CAESAREAN_DIMENSION && r.dimB === ROLLUP_NONE)?.n ?? 0;
    const csSegments = [...cs.groups.map((g) => ({ name: g.key, label: g.label })), { name: NOT_APPLICABLE_SEGMENT, label: 'No indication recorded' }]
      .map((s) => ({ ...s, count: bySegment.get(s.name) ?? 0 }))
      .filter((s) => s.name !== NOT_APPLICABLE_SEGMENT || s.count > 0);
    charts.push({
      name: 'csIndications', title: 'CS Indications', kind: 'bar', segments: csSegments, total: caesareans,
      counts: 'caesarean sections by indication (a case with several indications counts under each); the total is the caesarean cases',
    });
    const births = await this.repository.births(range);
    const national = reportsConfigOf(this.config).nationalStillbirthThreshold;
    const perinatal = {
      international: perinatalOf(births, INTERNATIONAL_STILLBIRTH_THRESHOLD, `International (WHO): ${thresholdWords(INTERNATIONAL_STILLBIRTH_THRESHOLD)}`),
      national: perinatalOf(births, national, `National: ${thresholdWords(national)}`),
      counts: PERINATAL_COUNTS,
    };
    return { view: 'obreport', from: range.from, to: range.to, rule: REPORT_COUNTING_RULE, perinatal, charts };
  }

  /** The Robson report of the range: WHO's table of the women who gave birth, by the libs `robsonTable`. */
  async robson(from: unknown, to: unknown): Promise<RobsonReportAnswer> {
    const range = this.range(from, to);
    const counts = await this.repository.pairs(range, [[ROBSON_DIMENSION, ROLLUP_NONE], [ROBSON_DIMENSION, CAESAREAN_DIMENSION]]);
    const bySegment = new Map<string, { segment: string; women: number; caesareans: number }>();
    for (const row of counts) {
      const entry = bySegment.get(row.segA) ?? { segment: row.segA, women: 0, caesareans: 0 };
      if (row.dimB === ROLLUP_NONE) entry.women += row.n;
      else entry.caesareans += row.n;
      bySegment.set(row.segA, entry);
    }
    return { from: range.from, to: range.to, rule: REPORT_COUNTING_RULE, counts: ROBSON_COUNTS, ...robsonTable([...bySegment.values()]) };
  }

  private dimension(name: string, field: string): ReportDimension {
    const dimension = findReportDimension(name);
    if (!dimension) throw reportsError(ReportsErrorCode.UnknownCategory, { field, value: name });
    return dimension;
  }
}

function names(): string {
  return reportCategories().map((c) => c.name).join(', ');
}

function toCategory(dimension: ReportDimension): ReportCategory {
  return reportCategories().find((c) => c.name === dimension.name)!;
}

function thresholdWords(threshold: StillbirthThreshold): string {
  return `stillbirths from ${threshold.weeks} weeks or ${threshold.grams} g`;
}

/** The births of the range as libs BirthRecords (one per group, counted n times). */
function birthRecords(rows: readonly BirthGroupRow[]) {
  return rows.map((r) => ({
    status: r.status === null ? null : Number(r.status),
    weightGrams: r.weight === null ? null : Number(r.weight),
    gestation: r.gestationMin === null ? null : { min: Number(r.gestationMin), max: r.gestationMax === null ? null : Number(r.gestationMax) },
    n: r.n,
  }));
}

/** The maternal mortality ratio: the deaths of every ICD-MM segment but the coincidental, over the live births. */
function mmrOf(icdMm: readonly PairCountRow[], births: readonly BirthGroupRow[]): MaternalMortalityRatioResult {
  const deaths = icdMm.filter((r) => icdMmSegmentCountsInRatio(r.segA)).reduce((sum, r) => sum + r.n, 0);
  const coincidentalDeaths = icdMm.filter((r) => !icdMmSegmentCountsInRatio(r.segA)).reduce((sum, r) => sum + r.n, 0);
  const unmappedDeaths = icdMm.filter((r) => r.segA === ICD_MM_UNMAPPED).reduce((sum, r) => sum + r.n, 0);
  // Live births do not depend on a stillbirth threshold.
  const liveBirths = countBirths(birthRecords(births), INTERNATIONAL_STILLBIRTH_THRESHOLD).liveBirths;
  const ratio = maternalMortalityRatio(deaths, liveBirths);
  return {
    deaths, liveBirths, ratio: ratio?.rate ?? null, lower: ratio?.lower ?? null, upper: ratio?.upper ?? null,
    coincidentalDeaths, unmappedDeaths, definition: MMR_DEFINITION,
  };
}

function perinatalOf(births: readonly BirthGroupRow[], threshold: StillbirthThreshold, label: string): PerinatalFigures {
  const counts = countBirths(birthRecords(births), threshold);
  return { label, threshold: { ...threshold }, ...counts, ...perinatalRates(counts) };
}

function chartOf(spec: ChartSpec, counts: readonly PairCountRow[]): ReportChart {
  const dimension = findReportDimension(spec.dimension)!;
  const [dimA, dimB] = spec.pair;
  const rows = counts.filter((r) => r.dimA === dimA && r.dimB === dimB && (spec.where === undefined || r.segA === spec.where));
  const bySegment = new Map(rows.map((r) => [dimB === ROLLUP_NONE ? r.segA : r.segB, r.n]));
  const segments = [...dimension.groups.map((g) => ({ name: g.key, label: g.label })), { name: NOT_APPLICABLE_SEGMENT, label: 'Not recorded' }]
    .map((s) => ({ ...s, count: bySegment.get(s.name) ?? 0 }))
    .filter((s) => (s.name === NOT_APPLICABLE_SEGMENT ? !spec.dropNotApplicable && s.count > 0 : s.count > 0 || isShownWhenEmpty(dimension, s.name)));
  return {
    name: spec.name, title: spec.title, kind: spec.kind, segments, counts: spec.counts,
    total: segments.reduce((sum, s) => sum + s.count, 0),
  };
}
