import type { CaseForm } from '../api/case-form.js';
import type { ReportCategory, ReportRow } from '../api/reports.js';
import { DIRECT_MATERNAL_DEATH_ID } from '../lookups/lists/maternal-death-causes.list.js';
import { MOTHER_CONDITION } from '../enums/discharge.enum.js';
import { type GestationalAge, recordedGestationalAge } from '../derived/gestational-age.js';
import { isObstetricCase } from './counting-rule.js';
import { ROBSON_GROUPS, ROBSON_UNCLASSIFIABLE, ROBSON_UNCLASSIFIABLE_LABEL, robsonSegmentOf } from '../classifications/robson.js';
import { ICD_MM_GROUPS, ICD_MM_UNMAPPED, ICD_MM_UNMAPPED_LABEL, icdMmSegmentOf } from '../classifications/icd-mm.js';
import {
  AOG_ESTIMATED_SPANS_GROUP, AOG_REPORT_GROUPS, CS_INDICATION_GROUPS, aogReportGroupOfRange, DELIVERY_MANNER_GROUPS, DIRECT_DEATH_GROUPS, MORTALITY_AGE_GROUPS,
  MOTHER_CONDITION_GROUPS, PREGNANCY_TYPE_GROUPS, TIMING_GROUPS, aogReportGroup, idGroupOf, rangeGroupOf, type IdGroup,
  type RangeGroup,
} from './report-groups.js';

type ReportCase = Partial<CaseForm>;

/** The segment name of cases a dimension cannot place (no value, or outside every group). */
export const NOT_APPLICABLE_SEGMENT = 'N/A';

/**
 * A row or column category of the report table (SPEC.md §2 "Reports, Table", §7 categories
 * MotherCondition, AOG, DirectMaternalDeath, DeathTiming, PregnancyType, csindication,
 * deliverymanner). `field` and `groups` say how the services group in SQL; `segmentsOf` does
 * the same in memory.
 */
export interface ReportDimension {
  name: string;
  label: string;
  field: keyof CaseForm;
  /** 'derived': the segment is `derive(form)`, a classification of libs (null: out of scope). */
  kind: 'range' | 'ids' | 'list' | 'derived';
  derive?: (form: ReportCase) => string | null;
  groups: ReadonlyArray<RangeGroup | IdGroup>;
  /**
   * Which cases the dimension counts at all. 'obstetric': obstetric cases only (`isObstetricCase`);
   * maternal deaths are deaths of obstetric cases.
   */
  scope: 'all' | 'obstetric' | 'maternalDeaths' | 'directMaternalDeaths' | 'caesareans';
  /** Segments listed, but shown as a row or a chart bar only when they count a case (like N/A). */
  shownWhenCounted?: readonly string[];
}

export const REPORT_DIMENSIONS: readonly ReportDimension[] = [
  { name: 'MotherCondition', label: 'Mother Condition', field: 'motherCondition', kind: 'ids', groups: MOTHER_CONDITION_GROUPS, scope: 'obstetric' },
  { name: 'AgeGroup', label: 'Maternal Age', field: 'age', kind: 'range', groups: MORTALITY_AGE_GROUPS, scope: 'obstetric' },
  {
    name: 'AOG', label: 'Age of Gestation', field: 'deliveryWeeks', kind: 'range', groups: [...AOG_REPORT_GROUPS, AOG_ESTIMATED_SPANS_GROUP],
    scope: 'obstetric', shownWhenCounted: [AOG_ESTIMATED_SPANS_GROUP.key],
  },
  { name: 'DirectMaternalDeath', label: 'Direct Causes of Maternal Death', field: 'antecedentType', kind: 'ids', groups: DIRECT_DEATH_GROUPS, scope: 'directMaternalDeaths' },
  { name: 'DeathTiming', label: 'Timing of Death', field: 'deathTiming', kind: 'ids', groups: TIMING_GROUPS, scope: 'maternalDeaths' },
  { name: 'PregnancyType', label: 'Pregnancy Type', field: 'pregnancyType', kind: 'ids', groups: PREGNANCY_TYPE_GROUPS, scope: 'obstetric' },
  { name: 'deliverymanner', label: 'Manner of Delivery', field: 'deliveryManner', kind: 'ids', groups: DELIVERY_MANNER_GROUPS, scope: 'all' },
  { name: 'csindication', label: 'CS Indications', field: 'deliveryIndication', kind: 'list', groups: CS_INDICATION_GROUPS, scope: 'caesareans' },
  {
    name: 'Robson', label: 'Robson Group', field: 'laborOnset', kind: 'derived', derive: robsonSegmentOf, scope: 'all',
    groups: [...ROBSON_GROUPS.map((g) => ({ key: g.key, label: g.label, ids: [] })), { key: ROBSON_UNCLASSIFIABLE, label: ROBSON_UNCLASSIFIABLE_LABEL, ids: [] }],
    shownWhenCounted: [ROBSON_UNCLASSIFIABLE],
  },
  {
    name: 'IcdMm', label: 'ICD-MM Group of Maternal Death', field: 'antecedentCause', kind: 'derived', scope: 'maternalDeaths',
    derive: (form) => icdMmSegmentOf(form, isMaternalDeathCase(form)),
    groups: [...ICD_MM_GROUPS.map((g) => ({ key: String(g.group), label: `${g.group} ${g.label} (${g.type})`, ids: [] })), { key: ICD_MM_UNMAPPED, label: ICD_MM_UNMAPPED_LABEL, ids: [] }],
    shownWhenCounted: [ICD_MM_UNMAPPED],
  },
];

export function findReportDimension(name: string): ReportDimension | undefined {
  return REPORT_DIMENSIONS.find((d) => d.name.toLowerCase() === name.toLowerCase());
}

/** The report categories as GET /api/categories serves them for the table's selectors. */
export function reportCategories(): ReportCategory[] {
  return REPORT_DIMENSIONS.map((d) => ({
    _id: d.name, name: d.name, label: d.label, segments: d.groups.map((g) => ({ name: g.key, label: g.label })),
  }));
}

/** Manner 1 caesarean section and 16 caesarean hysterectomy (SPEC.md §9: both need caesarean detail). */
function isCaesarean(manner: unknown): boolean {
  return manner === 1 || manner === 16;
}

function inScope(dimension: ReportDimension, form: ReportCase): boolean {
  switch (dimension.scope) {
    case 'all': return true;
    case 'obstetric': return isObstetricCase(form);
    case 'maternalDeaths': return isMaternalDeathCase(form);
    case 'directMaternalDeaths': return isMaternalDeathCase(form) && form.antecedent === DIRECT_MATERNAL_DEATH_ID;
    case 'caesareans': return isCaesarean(form.deliveryManner) || isCaesarean(form.deliveryManner2);
  }
}

/** A maternal death: an obstetric case whose mother died (a gynecologic patient's death is not a maternal death). */
export function isMaternalDeathCase(form: ReportCase): boolean {
  return isObstetricCase(form) && form.motherCondition === MOTHER_CONDITION.DIED;
}

/**
 * The gestational age a case reports: the one recorded at delivery when the delivery AOG is
 * recorded (exact weeks or an estimated range), else the one recorded at admission.
 */
export function reportedGestationalAge(form: ReportCase): GestationalAge | null {
  return recordedGestationalAge(form.deliveryAOGType, form.deliveryWeeks, form.deliveryAOG)
    ?? recordedGestationalAge(form.admissionAOGType, form.admissionWeeks, form.admissionAOG);
}

/** Completed weeks of gestation a case reports when they are exact (at delivery when known, else at admission). */
export function gestationalWeeksOf(form: ReportCase): number | null {
  const age = reportedGestationalAge(form);
  return age?.kind === 'exact' ? age.weeks : null;
}

/**
 * The AOG report segment of a case: its exact weeks' group, or its estimated range's group by the
 * one rule `aogReportGroupOfRange` ('estimatedSpans' when the range falls across two), or N/A when
 * no gestational age is recorded (or exact weeks past 42).
 */
export function aogSegmentOf(form: ReportCase): string {
  const age = reportedGestationalAge(form);
  const key = age === null ? null : age.kind === 'exact' ? aogReportGroup(age.weeks) : aogReportGroupOfRange(age.range);
  return key ?? NOT_APPLICABLE_SEGMENT;
}

/** The segments a case falls in for a dimension: none when out of scope, N/A when it has no group. */
export function segmentsOf(dimension: ReportDimension, form: ReportCase): string[] {
  if (!inScope(dimension, form)) return [];
  if (dimension.kind === 'list') {
    // CS indications: those of each twin born by caesarean section.
    const values = [
      ...(isCaesarean(form.deliveryManner) && Array.isArray(form.deliveryIndication) ? form.deliveryIndication : []),
      ...(isCaesarean(form.deliveryManner2) && Array.isArray(form.deliveryIndication2) ? form.deliveryIndication2 : []),
    ];
    const keys = Array.isArray(values)
      ? [...new Set(values.map((v) => idGroupOf(dimension.groups as IdGroup[], v)).filter((k): k is string => k !== null))]
      : [];
    return keys.length > 0 ? keys : [NOT_APPLICABLE_SEGMENT];
  }
  if (dimension.name === 'AOG') return [aogSegmentOf(form)];
  if (dimension.kind === 'derived') {
    const segment = dimension.derive?.(form) ?? null;
    return segment === null ? [] : [segment];
  }
  const raw = form[dimension.field];
  const key = dimension.kind === 'range'
    ? rangeGroupOf(dimension.groups as RangeGroup[], raw)
    : idGroupOf(dimension.groups as IdGroup[], raw);
  return [key ?? NOT_APPLICABLE_SEGMENT];
}

/** Whether a segment is a row or a bar even with no case: N/A and the `shownWhenCounted` segments are not. */
export function isShownWhenEmpty(dimension: ReportDimension, segment: string): boolean {
  return segment !== NOT_APPLICABLE_SEGMENT && !(dimension.shownWhenCounted ?? []).includes(segment);
}

/**
 * One report-table result (SPEC.md §3 report rows): a row per segment of `rows` with its count,
 * the running total `acc`, and, given `cross`, the counts per cross segment. A case with no
 * group is counted in an N/A row, shown only when it holds any.
 */
export function tabulate(forms: readonly ReportCase[], rows: ReportDimension, cross?: ReportDimension): ReportRow[] {
  const segments = [...rows.groups.map((g) => ({ name: g.key, label: g.label })), { name: NOT_APPLICABLE_SEGMENT, label: NOT_APPLICABLE_SEGMENT }];
  const crossNames = cross ? [...cross.groups.map((g) => g.key), NOT_APPLICABLE_SEGMENT] : [];
  const result: ReportRow[] = [];
  let acc = 0;
  for (const segment of segments) {
    const members = forms.filter((f) => segmentsOf(rows, f).includes(segment.name));
    if (members.length === 0 && !isShownWhenEmpty(rows, segment.name)) continue;
    acc += members.length;
    const row: ReportRow = { label: segment.label, count: members.length, acc };
    if (cross) {
      row.crosssegments = Object.fromEntries(crossNames.map((name) => [name, members.filter((f) => segmentsOf(cross, f).includes(name)).length]));
    }
    result.push(row);
  }
  return result;
}
