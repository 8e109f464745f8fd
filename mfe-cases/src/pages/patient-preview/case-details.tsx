import type { ReactNode } from 'react';
import { Descriptions, Typography } from 'antd';
import type { CaseForm, GyneDiagnosisEntry, HistoryEntry, Infant } from '@pnss/libs/api';
import {
  AOG_RANGES, BOOLEAN_CHOICES, CASE_FORM_TYPES, DELIVERY_MANNERS, GYNE_STAGES, INFANT_STATUSES, MOTHER_CONDITIONS,
  PREGNANCY_TYPE_LABELS, PRESENCE_CHOICES, decode,
} from '@pnss/libs/enums';
import {
  GYNE_DIAGNOSIS, GYNE_MORBIDITIES, GYNE_PROCEDURE, MEDICAL_HISTORY, MORBIDITIES, OBSTETRIC_HISTORY, OB_PROCEDURE,
  OTHERS_CONDITION_ID, lookupLabel, type LookupEntry,
} from '@pnss/libs/lookups';
import { weeksAndDays } from '@pnss/libs/format';
import { isDeliverySectionShown, isExactAog, isNeonatalShown, isPregnant } from '@pnss/libs/rules';
import { formatDate } from '../../format/display.js';

/**
 * An empty field reads 'Not recorded' in a quiet colour (issue 14 item 9); 'N/A!' stays the
 * spec's text for a stored code the lookup does not know (SPEC.md §3), which is an error.
 */
export const NOT_RECORDED = 'Not recorded';

function NotRecorded() {
  return <span className="pnss-not-recorded">{NOT_RECORDED}</span>;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** A coded value's label: 'Not recorded' when empty, 'N/A!' when the code is unknown. */
function code(table: Parameters<typeof decode>[0], value: unknown): ReactNode {
  return isEmpty(value) ? <NotRecorded /> : decode(table, value);
}

/** A stored number with its unit, or 'Not recorded'. */
export function measure(value: number | null | undefined, unit = ''): string {
  return value === null || value === undefined ? NOT_RECORDED : `${value}${unit}`;
}

function dateOrMissing(iso: string | null | undefined): ReactNode {
  return formatDate(iso) || <NotRecorded />;
}

/** A history entry's label; 'Others' entries carry the clinician's own words. */
export function entryLabel(list: readonly LookupEntry[], entry: HistoryEntry): string {
  const label = lookupLabel(list, entry.conditionId);
  return entry.conditionId === OTHERS_CONDITION_ID && entry.others ? `${label}: ${entry.others}` : label;
}

export function diagnosisLabel(entry: GyneDiagnosisEntry): string {
  const label =
    entry.conditionId === OTHERS_CONDITION_ID && entry.othersField
      ? `${lookupLabel(GYNE_DIAGNOSIS, entry.conditionId)}: ${entry.othersField}`
      : lookupLabel(GYNE_DIAGNOSIS, entry.conditionId);
  return entry.gyneStage === null || entry.gyneStage === undefined ? label : `${label} (Stage ${decode(GYNE_STAGES, entry.gyneStage)})`;
}

export function aogLabel(type: number | null, aog: number | null, weeks: number | null, days: number | null): string {
  if (isExactAog(type) && weeks !== null) return weeksAndDays(weeks, days);
  return aog === null ? NOT_RECORDED : decode(AOG_RANGES, aog);
}

/** 'G2 P1 (1-0-1-1)': gravida, para, and full-term, preterm, abortions, living children. */
export function obScoreLabel(form: Pick<CaseForm, 'obscoreG' | 'obscoreP' | 'obscoreFT' | 'obscorePr' | 'obscoreAb' | 'obscoreLB'>): string {
  const part = (value: number | null) => (value === null ? '?' : String(value));
  if ([form.obscoreG, form.obscoreP, form.obscoreFT, form.obscorePr, form.obscoreAb, form.obscoreLB].every((value) => value === null)) {
    return NOT_RECORDED;
  }
  return `G${part(form.obscoreG)} P${part(form.obscoreP)} (${[form.obscoreFT, form.obscorePr, form.obscoreAb, form.obscoreLB].map(part).join('-')})`;
}

export function infantLabel(infant: Infant): string {
  return [
    infant.status === null ? NOT_RECORDED : decode(INFANT_STATUSES, infant.status),
    `AOG ${measure(infant.pediatricAge, ' wks')}`,
    measure(infant.pediatricWeight, ' g'),
    measure(infant.pediatricHeight, ' cm'),
    `Anomalies: ${infant.anomalies === null ? NOT_RECORDED : decode(PRESENCE_CHOICES, infant.anomalies)}${infant.anomalies && infant.anomalyOthers ? ` (${infant.anomalyOthers})` : ''}`,
  ].join(' · ');
}

function LabelList({ items }: { items: string[] }) {
  if (items.length === 0) return <NotRecorded />;
  if (items.length === 1) return <>{items[0]}</>;
  return (
    <ul className="pnss-cases-detail-list">
      {items.map((item, index) => (
        <li key={`${index}-${item}`}>{item}</li>
      ))}
    </ul>
  );
}

interface DetailItem {
  key: string;
  label: string;
  children: ReactNode;
  /** A list of labels: shown on a row of its own, under the single values. */
  list?: boolean;
}

/** A list of labels, on a row of its own. */
function listItem(key: string, label: string, items: string[]): DetailItem {
  return { key, label, list: true, children: <LabelList items={items} /> };
}

// Label above value: each value gets its column's whole width, so dates and words never break mid-token.
const DETAIL_STYLES = {
  label: { color: 'rgba(0, 0, 0, 0.65)', paddingBottom: 0 },
  content: { fontWeight: 500, wordBreak: 'normal', overflowWrap: 'break-word' },
} as const;

/** Single values two to a row from 576 px up (one on a phone); lists below them, one to a row. */
function Section({ title, items }: { title: string; items: DetailItem[] }) {
  const strip = ({ list: _list, ...item }: DetailItem) => item;
  const singles = items.filter((item) => !item.list).map(strip);
  const lists = items.filter((item) => item.list).map(strip);
  return (
    <section aria-label={title} style={{ marginTop: 12 }}>
      <Typography.Title level={5} style={{ margin: '0 0 4px', fontSize: 14 }}>
        {title}
      </Typography.Title>
      {singles.length > 0 ? <Descriptions size="small" layout="vertical" column={{ xs: 1, sm: 2 }} items={singles} styles={DETAIL_STYLES} /> : null}
      {lists.length > 0 ? <Descriptions size="small" layout="vertical" column={1} items={lists} styles={DETAIL_STYLES} style={{ marginTop: singles.length > 0 ? 4 : 0 }} /> : null}
    </section>
  );
}

/**
 * An open case in the preview (SPEC.md §2): admission, vitals, OB score, histories, gyne
 * diagnoses and procedures, then the Pregnancy, Delivery and Discharge sections. Labels come
 * from the code tables and reference lists of @pnss/libs; an empty value reads 'Not recorded'.
 */
export function OpenCaseDetails({ form }: { form: CaseForm }) {
  const admission: DetailItem[] = [
    { key: 'admissionDate', label: 'Admission Date', children: dateOrMissing(form.admissionDate) },
    { key: 'age', label: 'Age on Admission', children: measure(form.age) },
    { key: 'caseFormType', label: 'Case Type', children: code(CASE_FORM_TYPES, form.caseFormType) },
    {
      key: 'vitals',
      label: 'Vitals',
      children: `${measure(form.weight, ' kg')} · ${measure(form.height, ' cm')} · BMI ${measure(form.bmi)}`,
    },
    { key: 'obscore', label: 'OB Score', children: obScoreLabel(form) },
    listItem('obstetricHistory', 'Obstetric History', form.obstetricHistory.map((e) => entryLabel(OBSTETRIC_HISTORY, e))),
    listItem('medicalHistory', 'Past Medical Conditions', form.medicalHistory.map((e) => entryLabel(MEDICAL_HISTORY, e))),
  ];
  const gyne: DetailItem[] = form.isGyne
    ? [
        listItem('gynecologicalDiagnosis', 'Gyne Diagnoses', form.gynecologicalDiagnosis.map(diagnosisLabel)),
        listItem('gynemorbidities', 'Gyne Co-morbidities', form.gynemorbidities.map((e) => entryLabel(GYNE_MORBIDITIES, e))),
        listItem('concomitantProcedure', 'Gyne Procedures', form.concomitantProcedure.map((e) => entryLabel(GYNE_PROCEDURE, e))),
      ]
    : [];
  const procedures: DetailItem[] = isPregnant(form)
    ? [listItem('obProcedure', 'OB Procedures', form.obProcedure.map((e) => entryLabel(OB_PROCEDURE, e)))]
    : [];

  const pregnancy: DetailItem[] = [
    { key: 'pregnancyType', label: 'Type of Pregnancy', children: code(PREGNANCY_TYPE_LABELS, form.pregnancyType) },
    { key: 'admissionAOG', label: 'AOG on Admission', children: aogLabel(form.admissionAOGType, form.admissionAOG, form.admissionWeeks, form.admissionDays) },
    { key: 'isPostpartum', label: 'Admitted Postpartum', children: code(BOOLEAN_CHOICES, form.isPostpartum) },
    { key: 'complicatedPregnancy', label: 'Complicated Pregnancy', children: code(BOOLEAN_CHOICES, form.complicatedPregnancy) },
    listItem('morbidities', 'Pregnancy Co-morbidities', form.morbidities.map((e) => entryLabel(MORBIDITIES, e))),
  ];

  const delivery: DetailItem[] = [
    { key: 'deliveryDate', label: 'Delivery Date', children: dateOrMissing(form.deliveryDate) },
    { key: 'deliveryManner', label: 'Manner of Delivery', children: code(DELIVERY_MANNERS, form.deliveryManner) },
    { key: 'deliveryAOG', label: 'AOG on Delivery', children: aogLabel(form.deliveryAOGType, form.deliveryAOG, form.deliveryWeeks, form.deliveryDays) },
    ...(isNeonatalShown(form)
      ? [
          {
            key: 'neonatal',
            label: form.neonatal.length === 1 ? 'Baby' : `Babies (${form.neonatal.length})`,
            list: true,
            children: <LabelList items={form.neonatal.map((infant, index) => `Baby ${index + 1}: ${infantLabel(infant)}`)} />,
          },
        ]
      : []),
  ];

  const discharge: DetailItem[] = [
    { key: 'dischargeDate', label: 'Discharge Date', children: dateOrMissing(form.dischargeDate) },
    { key: 'motherCondition', label: "Mother's Condition", children: code(MOTHER_CONDITIONS, form.motherCondition) },
  ];

  return (
    <>
      <Section title="Admission" items={[...admission, ...gyne, ...procedures]} />
      {isPregnant(form) ? <Section title="Pregnancy" items={pregnancy} /> : null}
      {isDeliverySectionShown(form) ? <Section title="Delivery" items={delivery} /> : null}
      <Section title="Discharge" items={discharge} />
    </>
  );
}

/** A closed case in the preview: a summary (SPEC.md §2). */
export function ClosedCaseSummary({ form }: { form: CaseForm }) {
  const items: DetailItem[] = [
    { key: 'admissionDate', label: 'Admission Date', children: dateOrMissing(form.admissionDate) },
    { key: 'dischargeDate', label: 'Discharge Date', children: dateOrMissing(form.dischargeDate) },
    { key: 'caseFormType', label: 'Case Type', children: code(CASE_FORM_TYPES, form.caseFormType) },
    ...(isPregnant(form)
      ? [{ key: 'pregnancyType', label: 'Type of Pregnancy', children: code(PREGNANCY_TYPE_LABELS, form.pregnancyType) }]
      : []),
    ...(isDeliverySectionShown(form)
      ? [{ key: 'deliveryManner', label: 'Manner of Delivery', children: code(DELIVERY_MANNERS, form.deliveryManner) }]
      : []),
    ...(form.isGyne
      ? [listItem('gynecologicalDiagnosis', 'Gyne Diagnoses', form.gynecologicalDiagnosis.map(diagnosisLabel))]
      : []),
    { key: 'motherCondition', label: "Mother's Condition", children: code(MOTHER_CONDITIONS, form.motherCondition) },
  ];
  return <Section title="Summary" items={items} />;
}
