import { type CodeTable, decode } from '../enums/code-table.js';
import { CODE_TABLES } from '../enums/code-tables.js';
import type { SubmissionCaseType } from '../enums/case-type.enum.js';
import { flattenLookup, lookupLabel } from '../lookups/lookup-label.js';
import { MATERNAL_DEATH_CAUSES } from '../lookups/lists/maternal-death-causes.list.js';
import type { LookupEntry } from '../lookups/lookup-entry.js';
import type { PackagedCase } from './data-dictionary.js';

type Value = string | number | boolean | null | undefined;

/** A column: its header label, the value, and for a coded value how to name it. */
export interface CsvColumn {
  label: string;
  value: (c: PackagedCase) => Value;
  /** A code table or lookup: the CSV carries the code and, in the next column, its label. */
  codes?: CodeTable | readonly LookupEntry[];
}

const T = CODE_TABLES;
const DEATH_CAUSES = flattenLookup(MATERNAL_DEATH_CAUSES);

const COMMON: CsvColumn[] = [
  { label: 'Case ID', value: (c) => c.caseId },
  { label: 'Patient Key', value: (c) => c.patientKey },
  { label: 'Case Version', value: (c) => c.caseVersion },
  { label: 'Age on Admission', value: (c) => c.ageAtAdmission },
  { label: 'Discharge Month', value: (c) => c.dischargeMonth },
  { label: 'Length of Stay (days)', value: (c) => c.lengthOfStayDays },
  { label: 'Case Type', value: (c) => c.caseFormType, codes: T.caseFormType },
];

const livebirths = (c: PackagedCase) => (Array.isArray(c.neonatal) ? c.neonatal.filter((i) => i?.status === 1).length : 0);

/** The columns of each case type's CSV: the review list's columns of SPEC.md §2 and their context. */
export const CSV_COLUMNS: Readonly<Record<SubmissionCaseType, readonly CsvColumn[]>> = {
  maternalfetalcase: [
    ...COMMON,
    { label: 'Pregnancy Type', value: (c) => c.pregnancyType, codes: T.pregnancyType },
    { label: 'Admission AOG', value: (c) => c.admissionAOG, codes: T.aogRange },
    { label: 'Admission to Delivery (days)', value: (c) => c.admissionToDeliveryDays },
    { label: 'Delivery', value: (c) => c.deliveryManner, codes: T.deliveryManner },
    { label: 'Delivery AOG', value: (c) => c.deliveryAOG, codes: T.aogRange },
    { label: 'Mother Condition', value: (c) => c.motherCondition, codes: T.motherCondition },
    { label: 'No of Infants', value: (c) => c.infantsNumber },
    { label: 'Livebirth', value: livebirths },
    { label: 'Previous CS', value: (c) => c.previousCaesareans },
    { label: 'Onset of Labor', value: (c) => c.laborOnset, codes: T.laborOnset },
    { label: 'Presentation or Lie', value: (c) => c.fetalPresentation, codes: T.fetalPresentation },
    { label: 'Robson Group', value: (c) => c.robsonGroup },
  ],
  gynecase: [
    ...COMMON,
    { label: 'Gyne Organ', value: (c) => c.gyneOrgan, codes: T.gyneOrgan },
    { label: 'Organ Condition', value: (c) => c.organCondition, codes: T.tumorClass },
    { label: 'Medical or Surgical', value: (c) => c.medicalSurgical, codes: T.medicalSurgical },
    { label: 'Mother Condition', value: (c) => c.motherCondition, codes: T.motherCondition },
  ],
  maternalmortalitycase: [
    ...COMMON,
    { label: 'Antecedent Cause', value: (c) => c.antecedentCause, codes: DEATH_CAUSES },
    { label: 'Immediate Cause', value: (c) => c.immediateCause, codes: T.causeOfDeath },
    { label: 'Death Timing', value: (c) => c.deathTiming, codes: T.timing },
    { label: 'Pregnancy Type', value: (c) => c.pregnancyType, codes: T.pregnancyType },
    { label: 'ICD-MM Group', value: (c) => c.icdMmGroup },
    { label: 'ICD-MM Type', value: (c) => c.icdMmType },
  ],
  gtdcase: [
    ...COMMON,
    { label: 'GTD Diagnosis', value: (c) => c.gtdDiagnosis, codes: T.gtdDiagnosis },
    { label: 'GTD Complication', value: (c) => c.gtdComplication, codes: T.gtdComplication },
    { label: 'Molar Type', value: (c) => c.molarType, codes: T.molarType },
  ],
};

function isLookup(codes: CodeTable | readonly LookupEntry[]): codes is readonly LookupEntry[] {
  return codes.length > 0 && 'name' in codes[0];
}

/** The label of a coded value, as the form shows it ('N/A!' when unknown); empty when unanswered. */
export function codeLabel(codes: CodeTable | readonly LookupEntry[], value: Value): string {
  if (value === null || value === undefined || value === '') return '';
  return isLookup(codes) ? lookupLabel(codes, value) : decode(codes, value);
}

function cell(value: Value): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvHeader(type: SubmissionCaseType): string[] {
  return CSV_COLUMNS[type].flatMap((column) => (column.codes ? [column.label, `${column.label} (label)`] : [column.label]));
}

/** RFC 4180 CSV (CRLF line ends) of the cases of one type, header of labels first. */
export function casesCsv(type: SubmissionCaseType, cases: readonly PackagedCase[]): string {
  const lines = [csvHeader(type).map(cell).join(',')];
  for (const c of cases) {
    const cells = CSV_COLUMNS[type].flatMap((column) => {
      const value = column.value(c);
      return column.codes ? [cell(value), cell(codeLabel(column.codes, value))] : [cell(value)];
    });
    lines.push(cells.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
