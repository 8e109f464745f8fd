import { Injectable } from '@nestjs/common';
import type {
  MortalityRateResult, ReportCategory, ReportChart, ReportChartKind, ReportFilterBy, ReportSummaryAnswer, ReportTableAnswer,
  ReportTableRow,
} from '@pnss/libs/api';
import {
  CAESAREAN_DIMENSION, CASE_TYPE_DIMENSION, NOT_APPLICABLE_SEGMENT, REPORT_COUNTING_RULE, ROLLUP_NONE, type ReportDimension, type ReportRange, findReportDimension, isRangeProblem,
  isShownWhenEmpty, maternalMortalityRate, parseReportRange, reportCategories,
} from '@pnss/libs/reports';
import { badField } from '../../common/errors/common.errors.js';
import { type PairCountRow, ReportsRepository } from './reports.repository.js';
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
];

const OB_REPORT_CHARTS: readonly ChartSpec[] = [
  { name: 'deliveryManner', title: 'Manner of Delivery', kind: 'doughnut', dimension: 'deliverymanner', counts: 'delivered cases by the manner of delivery of the first or only infant', pair: ['deliverymanner', ROLLUP_NONE], dropNotApplicable: true },
  { name: 'aog', title: 'All Age of Gestation', kind: 'column', dimension: 'AOG', counts: 'obstetric cases by weeks of gestation (at delivery, else at admission; an estimated range in its group)', pair: [CASE_TYPE_DIMENSION, 'AOG'], where: 'ob' },
  { name: 'pregnancyType', title: 'Pregnancy Type', kind: 'bar', dimension: 'PregnancyType', counts: 'obstetric cases by pregnancy type', pair: [CASE_TYPE_DIMENSION, 'PregnancyType'], where: 'ob' },
];

@Injectable()
export class ReportsService {
  constructor(private readonly repository: ReportsRepository) {}

  /** The report categories for the table's selectors. */
  categories(): ReportCategory[] {
    return reportCategories();
  }

  category(name: string): ReportCategory {
    const dimension = this.dimension(name, 'category');
    return toCategory(dimension);
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
      return { view, from: range.from, to: range.to, rule: REPORT_COUNTING_RULE, rate, charts };
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
    return { view: 'obreport', from: range.from, to: range.to, rule: REPORT_COUNTING_RULE, charts };
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
