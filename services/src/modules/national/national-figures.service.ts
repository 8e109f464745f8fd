import { Inject, Injectable } from '@nestjs/common';
import type {
  CompletenessState, FunnelPosition, NationalCellMark, NationalCompletenessAnswer, NationalCompletenessCell, NationalCount, NationalDepartmentsAnswer,
  NationalFiguresAnswer, NationalFunnelAnswer, NationalFunnelIndicator, NationalMaternalDeathGroup, NationalPerinatal, NationalRate,
  NationalRobsonRow, NationalSegmentCount,
} from '@pnss/libs/api';
import { NATIONAL_FUNNEL_INDICATORS, NATIONAL_PERIOD_MAX_MONTHS, YEAR_MONTH_PATTERN } from '@pnss/libs/api';
import {
  ICD_MM_GROUPS, ICD_MM_UNMAPPED, ICD_MM_UNMAPPED_LABEL, INTERNATIONAL_STILLBIRTH_THRESHOLD, type BirthCounts, type StillbirthThreshold, countBirths,
  icdMmSegmentCountsInRatio, robsonTable,
} from '@pnss/libs/classifications';
import { type FunnelModel, funnelCurveDenominators, funnelLimits, funnelPosition, maternalMortalityRatio, perinatalRates } from '@pnss/libs/rates';
import { NOT_APPLICABLE_SEGMENT, SUPPRESSION_NOTE, TIMING_GROUPS, isSmallCount, suppressList } from '@pnss/libs/reports';
import { DEPARTMENT_ID_PATTERN } from '@pnss/libs/submissions';
import { badField } from '../../common/errors/common.errors.js';
import { APP_CONFIG, type AppConfig, censusConfigOf, reportsConfigOf } from '../../config/app-config.js';
import { type BirthCountRow, type CoverageRow, type DeathCountRow, NationalRepository, type NationalScope, type RobsonCountRow } from './national.repository.js';
import { NationalErrorCode, nationalError } from './national.errors.js';
import { NationalAnswersCache } from './national-answers.cache.js';

export const NATIONAL_COUNTING_RULE =
  'Counts each case of the latest ingested version of its submission once, by its month of discharge. Maternal and perinatal figures count '
  + 'obstetric cases only (never gynecologic patients); the caesarean rate and the Robson table count the women who gave birth in the department. '
  + 'Superseded versions and held packages count nothing.';

const MMR_DEFINITION = 'Maternal mortality ratio (WHO): maternal deaths from direct, indirect or unknown causes (ICD-MM groups 1-8 and unmapped causes; '
  + 'not coincidental, group 9) per 100,000 live births (twins count twice), with its exact Poisson (Garwood) 95% interval.';

/** 'late': received more than this many days after the end of the month (NATIONAL_LATE_DAYS). */
export const NATIONAL_LATE_DAYS = 60;

/** A query's period and department, checked: a 400 names the field and the rule. */
export function nationalScopeOf(query: { from?: unknown; to?: unknown; departmentId?: unknown }): NationalScope {
  const month = (name: 'from' | 'to', value: unknown): string => {
    if (typeof value !== 'string' || !YEAR_MONTH_PATTERN.test(value)) throw badField(name, `${name} must be a month, YYYY-MM (e.g. 2026-01)`);
    return value;
  };
  const from = month('from', query.from);
  const to = month('to', query.to);
  if (from > to) throw badField('from', 'from must not be after to');
  if (monthsBetween(from, to).length > NATIONAL_PERIOD_MAX_MONTHS) throw badField('to', `a period is at most ${NATIONAL_PERIOD_MAX_MONTHS} months`);
  const department = query.departmentId;
  if (department !== undefined && department !== '' && (typeof department !== 'string' || !DEPARTMENT_ID_PATTERN.test(department))) {
    throw badField('departmentId', 'departmentId must be 1 to 64 letters, digits, _ or -');
  }
  return { from, to, departmentId: typeof department === 'string' && department !== '' ? department : null };
}

/** The months from `from` to `to`, 'YYYY-MM'. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number);
  const [toYear, toMonth] = to.split('-').map(Number);
  while ((year < toYear || (year === toYear && month <= toMonth)) && months.length <= NATIONAL_PERIOD_MAX_MONTHS) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) { month = 1; year += 1; }
  }
  return months;
}

const counted = (count: number, mark: NationalCellMark): NationalCount => ({ count, mark });
const single = (count: number): NationalCount => counted(count, isSmallCount(count) ? 'small' : 'shown');

/** A list of counts with its total, marked by the libs suppression rule. */
function markedList(counts: readonly number[], total: number): { items: NationalCount[]; total: NationalCount } {
  const marks = suppressList(counts, total);
  return { items: counts.map((n, i) => counted(n, marks.counts[i] ?? 'shown')), total: counted(total, marks.total) };
}

function birthRecords(rows: readonly BirthCountRow[]) {
  return rows.map((r) => ({
    status: r.status === null ? null : Number(r.status),
    weightGrams: r.weight === null ? null : Number(r.weight),
    gestation: r.gestationMin === null ? null : { min: Number(r.gestationMin), max: r.gestationMax === null ? null : Number(r.gestationMax) },
    n: Number(r.n),
  }));
}

function thresholdWords(threshold: StillbirthThreshold): string {
  return `${threshold.weeks} weeks or ${threshold.grams} g`;
}

function perinatalOf(counts: BirthCounts, threshold: StillbirthThreshold, label: string): NationalPerinatal {
  const rates = perinatalRates(counts);
  const births = markedList([counts.liveBirths, counts.stillbirths], rates.totalBirths);
  return {
    label, threshold: { ...threshold },
    liveBirths: births.items[0], stillbirths: births.items[1], totalBirths: births.total,
    earlyNeonatalDeaths: single(counts.earlyNeonatalDeaths), neonatalDeaths: single(counts.neonatalDeaths),
    belowThreshold: single(counts.belowThreshold), thresholdUnknown: single(counts.thresholdUnknown), outcomeUnknown: single(counts.outcomeUnknown),
    stillbirthRate: rates.stillbirthRate, earlyNeonatalMortalityRate: rates.earlyNeonatalMortalityRate,
    perinatalMortalityRate: rates.perinatalMortalityRate, neonatalMortalityRate: rates.neonatalMortalityRate,
  };
}

/** The events and denominator of each funnel indicator, from one department's (or the nation's) rows. */
interface IndicatorCounts { events: number; denominator: number }

const FUNNEL_SPECS: Record<NationalFunnelIndicator, { model: FunnelModel; per: number; definition: string }> = {
  mmr: { model: 'poisson', per: 100_000, definition: 'Maternal deaths counted in the MMR per 100,000 live births' },
  caesarean: { model: 'binomial', per: 100, definition: 'Caesarean sections per 100 women who gave birth in the department' },
  stillbirth: { model: 'binomial', per: 1000, definition: 'Stillbirths per 1000 total births' },
  perinatal: { model: 'binomial', per: 1000, definition: 'Stillbirths and early neonatal deaths (days 0-6) per 1000 total births' },
  neonatal: { model: 'binomial', per: 1000, definition: 'Neonatal deaths (days 0-27) per 1000 live births' },
};

/**
 * The rows each funnel indicator counts (indicatorOf): a department without them has no denominator
 * and no point, so the others' rows change nothing in its answer.
 */
const FUNNEL_ROWS: Record<NationalFunnelIndicator, ReadonlyArray<'deaths' | 'robson' | 'births'>> = {
  mmr: ['deaths', 'births'], caesarean: ['robson'], stillbirth: ['births'], perinatal: ['births'], neonatal: ['births'],
};

/** What the figures of one scope are made of, grouped by department. */
interface ScopeRows {
  cases: Awaited<ReturnType<NationalRepository['cases']>>;
  deaths: DeathCountRow[];
  robson: RobsonCountRow[];
  births: BirthCountRow[];
}

/** The national figures (issue 29) from the national facts, by the libs rules, with small-cell suppression marks. */
@Injectable()
export class NationalFiguresService {
  /** Each view's answers until the national data change (national-answers.cache.ts). */
  private readonly cache = new NationalAnswersCache();
  private readonly generationOf = () => this.repository.generation();

  constructor(
    private readonly repository: NationalRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  assertEnabled(): void {
    if (!censusConfigOf(this.config).hubEnabled) throw nationalError(NationalErrorCode.NotEnabled);
  }

  private get nationalThreshold(): StillbirthThreshold {
    return reportsConfigOf(this.config).nationalStillbirthThreshold;
  }

  /**
   * The rows of a scope. `births` 'nation' groups the births of all departments together: the figures
   * only sum them, and a stillbirth's weight and gestation make them a row each (at five years 17,000
   * rows instead of 40,000). `only` leaves out what an indicator does not count (read as none).
   */
  private async rowsOf(scope: NationalScope, births: 'department' | 'nation' = 'department', only?: ReadonlyArray<keyof ScopeRows>): Promise<ScopeRows> {
    const wanted = (part: keyof ScopeRows) => only === undefined || only.includes(part);
    const none = Promise.resolve([]);
    const [cases, deaths, robson, birthRows] = await Promise.all([
      wanted('cases') ? this.repository.cases(scope) : none,
      wanted('deaths') ? this.repository.deaths(scope) : none,
      wanted('robson') ? this.repository.robson(scope) : none,
      wanted('births') ? this.repository.births(scope, births === 'department') : none,
    ]);
    return { cases, deaths, robson, births: birthRows };
  }

  async figures(query: { from?: unknown; to?: unknown; departmentId?: unknown }): Promise<NationalFiguresAnswer> {
    this.assertEnabled();
    const scope = nationalScopeOf(query);
    return this.cache.answer(`figures|${scope.from}|${scope.to}|${scope.departmentId ?? ''}`, this.generationOf, () => this.figuresAnswer(scope));
  }

  private async figuresAnswer(scope: NationalScope): Promise<NationalFiguresAnswer> {
    const [rows, asOf] = await Promise.all([this.rowsOf(scope, 'nation'), this.repository.dataAsOf()]);
    return {
      from: scope.from, to: scope.to, departmentId: scope.departmentId,
      ...this.figuresOf(rows),
      rule: NATIONAL_COUNTING_RULE, suppression: SUPPRESSION_NOTE, dataAsOf: asOf?.toISOString() ?? null,
    };
  }

  /** The figures of a set of rows (all departments, or one). */
  figuresOf(rows: ScopeRows): Pick<NationalFiguresAnswer, 'departments' | 'cases' | 'obstetricCases' | 'maternal' | 'perinatal' | 'caesarean'> {
    const sum = <T>(list: readonly T[], of: (row: T) => number) => list.reduce((total, row) => total + Number(of(row)), 0);
    const bySegment = (segment: string) => sum(rows.deaths.filter((d) => d.segment === segment), (d) => d.n);
    const totalDeaths = sum(rows.deaths, (d) => d.n);
    const inRatio = sum(rows.deaths.filter((d) => icdMmSegmentCountsInRatio(d.segment)), (d) => d.n);
    const records = birthRecords(rows.births);
    const international = countBirths(records, INTERNATIONAL_STILLBIRTH_THRESHOLD);
    const national = countBirths(records, this.nationalThreshold);

    const groups = [
      ...ICD_MM_GROUPS.map((g) => ({ group: String(g.group), label: g.label, type: g.type as string })),
      { group: ICD_MM_UNMAPPED, label: ICD_MM_UNMAPPED_LABEL, type: 'unmapped' },
    ];
    const groupCounts = markedList(groups.map((g) => bySegment(g.group)), totalDeaths);
    const byIcdMmGroup: NationalMaternalDeathGroup[] = groups.map((g, i) => ({
      ...g, deaths: groupCounts.items[i], inRatio: icdMmSegmentCountsInRatio(g.group),
    }));
    const timings = [...TIMING_GROUPS.map((t) => ({ segment: t.key, label: t.label })), { segment: NOT_APPLICABLE_SEGMENT, label: 'Not recorded' }];
    const timingCounts = markedList(timings.map((t) => sum(rows.deaths.filter((d) => (d.timing ?? NOT_APPLICABLE_SEGMENT) === t.segment), (d) => d.n)), totalDeaths);
    const byTiming: NationalSegmentCount[] = timings.map((t, i) => ({ ...t, count: timingCounts.items[i] }));

    const mmr = maternalMortalityRatio(inRatio, international.liveBirths);
    const table = robsonTable(rows.robson.map((r) => ({ segment: r.segment, women: Number(r.women), caesareans: Number(r.caesareans) })));
    const women = markedList(table.rows.map((r) => r.women), table.total.women);
    const caesareans = markedList(table.rows.map((r) => r.caesareans), table.total.caesareans);
    const robson: NationalRobsonRow[] = table.rows.map((r, i) => ({ ...r, women: women.items[i], caesareans: caesareans.items[i] }));
    return {
      departments: new Set(rows.cases.filter((c) => Number(c.cases) > 0).map((c) => c.departmentId)).size,
      cases: sum(rows.cases, (c) => c.cases),
      obstetricCases: sum(rows.cases, (c) => c.obstetric),
      maternal: {
        mmr: {
          events: single(inRatio), denominator: single(international.liveBirths), per: 100_000,
          rate: mmr?.rate ?? null, lower: mmr?.lower ?? null, upper: mmr?.upper ?? null,
        },
        coincidentalDeaths: single(totalDeaths - inRatio),
        unmappedDeaths: single(bySegment(ICD_MM_UNMAPPED)),
        byIcdMmGroup, byTiming, totalDeaths: groupCounts.total, definition: MMR_DEFINITION,
      },
      perinatal: {
        international: perinatalOf(international, INTERNATIONAL_STILLBIRTH_THRESHOLD, `International (WHO): ${thresholdWords(INTERNATIONAL_STILLBIRTH_THRESHOLD)}`),
        national: perinatalOf(national, this.nationalThreshold, `National: ${thresholdWords(this.nationalThreshold)}`),
      },
      caesarean: {
        rate: { events: caesareans.total, denominator: women.total, per: 100, rate: table.total.caesareanRate, lower: null, upper: null },
        robson,
        unclassifiableShare: table.rows.find((r) => r.group === 'unclassifiable')?.share ?? null,
      },
    };
  }

  /** The events and denominator of an indicator for the given rows. */
  private indicatorOf(indicator: NationalFunnelIndicator, rows: Omit<ScopeRows, 'cases'>, threshold: StillbirthThreshold): IndicatorCounts {
    const sum = <T>(list: readonly T[], of: (row: T) => number) => list.reduce((total, row) => total + Number(of(row)), 0);
    if (indicator === 'caesarean') {
      const counted = rows.robson.filter((r) => r.segment !== null);
      return { events: sum(counted, (r) => r.caesareans), denominator: sum(counted, (r) => r.women) };
    }
    const births = countBirths(birthRecords(rows.births), indicator === 'mmr' ? INTERNATIONAL_STILLBIRTH_THRESHOLD : threshold);
    if (indicator === 'mmr') return { events: sum(rows.deaths.filter((d) => icdMmSegmentCountsInRatio(d.segment)), (d) => d.n), denominator: births.liveBirths };
    const total = births.liveBirths + births.stillbirths;
    if (indicator === 'stillbirth') return { events: births.stillbirths, denominator: total };
    if (indicator === 'perinatal') return { events: births.stillbirths + births.earlyNeonatalDeaths, denominator: total };
    return { events: births.neonatalDeaths, denominator: births.liveBirths };
  }

  async funnel(query: { from?: unknown; to?: unknown; indicator?: unknown; threshold?: unknown }): Promise<NationalFunnelAnswer> {
    this.assertEnabled();
    const scope = nationalScopeOf({ from: query.from, to: query.to });
    const indicator = query.indicator;
    if (typeof indicator !== 'string' || !(NATIONAL_FUNNEL_INDICATORS as readonly string[]).includes(indicator)) {
      throw badField('indicator', `indicator must be one of ${NATIONAL_FUNNEL_INDICATORS.join(', ')}`);
    }
    const threshold = this.thresholdOf(query.threshold);
    return this.cache.answer(`funnel|${scope.from}|${scope.to}|${indicator}|${threshold.weeks}|${threshold.grams}`, this.generationOf,
      async () => this.funnelOf(scope, indicator as NationalFunnelIndicator, threshold, await this.rowsOf(scope, 'department', FUNNEL_ROWS[indicator as NationalFunnelIndicator])));
  }

  thresholdOf(value: unknown): StillbirthThreshold {
    if (value === undefined || value === '' || value === 'international') return INTERNATIONAL_STILLBIRTH_THRESHOLD;
    if (value === 'national') return this.nationalThreshold;
    throw badField('threshold', 'threshold must be international or national');
  }

  funnelOf(scope: NationalScope, indicator: NationalFunnelIndicator, threshold: StillbirthThreshold, rows: ScopeRows): NationalFunnelAnswer {
    const spec = FUNNEL_SPECS[indicator];
    const departments = [...new Set([...rows.deaths, ...rows.robson, ...rows.births].map((r) => r.departmentId))].sort();
    const nation = this.indicatorOf(indicator, rows, threshold);
    const theta = nation.denominator > 0 ? nation.events / nation.denominator : null;
    // Each department's rows, grouped once (in their order): a national year is thousands of rows for a hundred departments.
    const deaths = byDepartment(rows.deaths);
    const robson = byDepartment(rows.robson);
    const births = byDepartment(rows.births);
    const points = departments.map((departmentId) => ({
      departmentId,
      ...this.pointOf(indicator, nation, this.indicatorOf(indicator, { deaths: deaths.get(departmentId) ?? [], robson: robson.get(departmentId) ?? [], births: births.get(departmentId) ?? [] }, threshold)),
    })).filter((p) => p.denominator > 0);
    const sizes = points.map((p) => p.denominator);
    const limits = theta === null || sizes.length === 0 ? [] : funnelCurveDenominators(Math.min(...sizes), Math.max(...sizes)).map((denominator) => {
      const l = funnelLimits(spec.model, theta, denominator);
      return { denominator, lower95: l.lower95 * spec.per, upper95: l.upper95 * spec.per, lower998: l.lower998 * spec.per, upper998: l.upper998 * spec.per };
    });
    return {
      from: scope.from, to: scope.to, indicator, definition: spec.definition, model: spec.model, per: spec.per,
      nationalRate: theta === null ? null : theta * spec.per, nationalEvents: nation.events, nationalDenominator: nation.denominator, points, limits,
    };
  }

  /** A department's point on an indicator's funnel, from its counts and the nation's. */
  private pointOf(indicator: NationalFunnelIndicator, nation: IndicatorCounts, own: IndicatorCounts) {
    const spec = FUNNEL_SPECS[indicator];
    const theta = nation.denominator > 0 ? nation.events / nation.denominator : null;
    let position95: FunnelPosition = 'inside';
    let position998: FunnelPosition = 'inside';
    if (theta !== null && own.denominator > 0) {
      position95 = funnelPosition(spec.model, theta, own.events, own.denominator, 0.95);
      position998 = funnelPosition(spec.model, theta, own.events, own.denominator, 0.998);
    }
    return {
      events: own.events, denominator: own.denominator,
      rate: own.denominator > 0 ? (own.events / own.denominator) * spec.per : null, position95, position998,
    };
  }

  async completeness(query: { from?: unknown; to?: unknown }): Promise<NationalCompletenessAnswer> {
    this.assertEnabled();
    const scope = nationalScopeOf({ from: query.from, to: query.to });
    // A grid weighs a unit per 500 cells (five years of 120 departments: 15 of the cache's 256).
    return this.cache.answer(`completeness|${scope.from}|${scope.to}`, this.generationOf, () => this.completenessAnswer(scope),
      (grid) => 1 + Math.floor((grid.rows.length * grid.months.length) / 500));
  }

  private async completenessAnswer(scope: NationalScope): Promise<NationalCompletenessAnswer> {
    const months = monthsBetween(scope.from, scope.to);
    const [departments, coverage] = await Promise.all([this.repository.departments(), this.repository.coverage(scope.from, scope.to)]);
    // Looked up by department and month, not searched for every cell: five years of a hundred departments are 7,200 cells.
    const coverageOf = new Map<string, CoverageRow>();
    for (const row of coverage) coverageOf.set(`${row.departmentId}|${row.month}`, row);
    // Each month's limit for 'late' worked out once, not per cell.
    const columns = months.map((month) => ({ month, lateAfterMs: lateAfter(month) }));
    const rows = departments.map(({ departmentId }) => ({
      departmentId,
      cells: columns.map(({ month, lateAfterMs }): NationalCompletenessCell => {
        const covering = coverageOf.get(`${departmentId}|${month}`);
        if (!covering || covering.state === 'held') {
          return { month, state: covering ? 'held' : 'missing', cases: 0, submissionId: null, version: null, receivedAt: null };
        }
        const state: CompletenessState = covering.firstReceivedMs > lateAfterMs ? 'late' : 'submitted';
        return { month, state, cases: covering.cases, submissionId: covering.submissionId, version: covering.version, receivedAt: covering.receivedAt };
      }),
    }));
    return {
      from: scope.from, to: scope.to, months, rows, lateAfterDays: NATIONAL_LATE_DAYS,
      rule: `A month is submitted when a counted package covers it, late when that submission first reached the hub more than ${NATIONAL_LATE_DAYS} days `
        + 'after the end of the month, held when only a held package covers it, and missing otherwise.',
    };
  }

  async departments(): Promise<NationalDepartmentsAnswer> {
    this.assertEnabled();
    return this.cache.answer('departments', this.generationOf,
      async () => ({ items: (await this.repository.departments()).map((d) => ({ ...d, cases: Number(d.cases) })) }));
  }

  /** The figures of one department and of the nation for a period, and the department's place on each funnel (the standing). */
  async standingOf(departmentId: string, query: { from?: unknown; to?: unknown }) {
    const scope = nationalScopeOf({ from: query.from, to: query.to });
    return this.cache.answer(`standing|${scope.from}|${scope.to}|${departmentId}`, this.generationOf, () => this.standingAnswer(departmentId, scope));
  }

  /**
   * A department's standing: the nation's figures and funnel counts (kept per period, shared by every
   * department that asks), and the department's own, read for it alone (its rows by the department's
   * index: a few dozen). The nation's births are read as one group, as the national figures read them;
   * the sums are the same as over each department's rows.
   */
  private async standingAnswer(departmentId: string, scope: NationalScope) {
    const [nation, own] = await Promise.all([
      this.cache.answer(`standing-nation|${scope.from}|${scope.to}`, this.generationOf, () => this.nationOf(scope)),
      this.rowsOf({ ...scope, departmentId }),
    ]);
    const positions: Partial<Record<NationalFunnelIndicator, FunnelPosition>> = {};
    // The department's point of each funnel (funnelOf's, for it alone: no other department's position, no limits curve).
    for (const indicator of NATIONAL_FUNNEL_INDICATORS) {
      const point = this.pointOf(indicator, nation.indicators[indicator], this.indicatorOf(indicator, own, INTERNATIONAL_STILLBIRTH_THRESHOLD));
      if (point.denominator > 0) positions[indicator] = point.position998;
    }
    return { scope, department: this.figuresOf(own), national: nation.figures, positions };
  }

  /** The nation's figures of a period and its counts on each funnel (international threshold), for the standings. */
  private async nationOf(scope: NationalScope) {
    const rows = await this.rowsOf({ ...scope, departmentId: null }, 'nation');
    const indicators = Object.fromEntries(NATIONAL_FUNNEL_INDICATORS.map((indicator) => [indicator, this.indicatorOf(indicator, rows, INTERNATIONAL_STILLBIRTH_THRESHOLD)])) as
      Record<NationalFunnelIndicator, IndicatorCounts>;
    return { figures: this.figuresOf(rows), indicators };
  }
}

/** Rows by their department, each department's in the order given. */
function byDepartment<T extends { departmentId: string }>(rows: readonly T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.departmentId);
    if (list) list.push(row);
    else grouped.set(row.departmentId, [row]);
  }
  return grouped;
}

/** The end of a month plus NATIONAL_LATE_DAYS, in milliseconds. */
function lateAfter(month: string): number {
  const [year, m] = month.split('-').map(Number);
  return Date.UTC(year, m, 1) + NATIONAL_LATE_DAYS * 86_400_000;
}

/** A count as it leaves the society: withheld (null) when its mark is not 'shown'. */
export function published(count: NationalCount): NationalCount {
  return count.mark === 'shown' ? count : { count: null, mark: count.mark };
}

/** A rate as it leaves the society: withheld with its events. */
export function publishedRate(rate: NationalRate): NationalRate {
  const events = published(rate.events);
  const withheld = events.count === null;
  return { ...rate, events, denominator: published(rate.denominator), rate: withheld ? null : rate.rate, lower: withheld ? null : rate.lower, upper: withheld ? null : rate.upper };
}

/** Perinatal figures as they leave the society: counts published, a rate withheld when its events are. */
export function publishedPerinatal(p: NationalPerinatal): NationalPerinatal {
  const still = published(p.stillbirths);
  const early = published(p.earlyNeonatalDeaths);
  const neonatal = published(p.neonatalDeaths);
  return {
    ...p, liveBirths: published(p.liveBirths), stillbirths: still, earlyNeonatalDeaths: early, neonatalDeaths: neonatal,
    belowThreshold: published(p.belowThreshold), thresholdUnknown: published(p.thresholdUnknown), outcomeUnknown: published(p.outcomeUnknown),
    totalBirths: published(p.totalBirths),
    stillbirthRate: still.count === null ? null : p.stillbirthRate,
    earlyNeonatalMortalityRate: early.count === null ? null : p.earlyNeonatalMortalityRate,
    perinatalMortalityRate: still.count === null || early.count === null ? null : p.perinatalMortalityRate,
    neonatalMortalityRate: neonatal.count === null ? null : p.neonatalMortalityRate,
  };
}
