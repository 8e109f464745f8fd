import type { FieldError } from '../api/common.js';
import { type CodeTable, isCode } from '../enums/code-table.js';
import { CODE_TABLES } from '../enums/code-tables.js';
import { SUBMISSION_CASE_TYPES } from '../enums/case-type.enum.js';
import { INFANT_COUNT_MAX } from '../enums/pregnancy.enum.js';
import { findLookupEntry } from '../lookups/lookup-label.js';
import { MATERNAL_DEATH_CAUSES } from '../lookups/lists/maternal-death-causes.list.js';
import { PREVIOUS_CAESAREANS_MAX } from '../enums/delivery.enum.js';
import { ICD_MM_GROUPS } from '../classifications/icd-mm.js';
import { ROBSON_GROUPS, ROBSON_UNCLASSIFIABLE } from '../classifications/robson.js';

const T = CODE_TABLES;

/** The coded fields of a packaged case and the code table each must come from. */
const CODED_FIELDS: ReadonlyArray<[string, CodeTable]> = [
  ['caseFormType', T.caseFormType],
  ['pregnancyType', T.pregnancyType],
  ['abortionType', T.abortionType],
  ['ectopicType', T.ectopicType],
  ['molarType', T.molarType],
  ['admissionAOGType', T.aogType],
  ['admissionAOG', T.aogRange],
  ['deliveryAOGType', T.aogType],
  ['deliveryAOG', T.aogRange],
  ['institutionalDelivery', T.deliveryPlace],
  ['deliveryManner', T.deliveryManner],
  ['deliveryManner2', T.deliveryManner],
  ['incision', T.csIncision],
  ['primaryRepeat', T.csType],
  ['motherCondition', T.motherCondition],
  ['immediateCause', T.causeOfDeath],
  ['deathTiming', T.timing],
  ['gyneOrgan', T.gyneOrgan],
  ['organCondition', T.tumorClass],
  ['gtdDiagnosis', T.gtdDiagnosis],
  ['gtdComplication', T.gtdComplication],
  ['medicalSurgical', T.medicalSurgical],
  ['MIGSSurgeon', T.migsChoice],
  ['MIGSAssist', T.migsChoice],
  ['laborOnset', T.laborOnset],
  ['fetalPresentation', T.fetalPresentation],
];

/** Fields that name a patient: a package carrying any of them is refused. */
export const IDENTIFYING_FIELDS = ['firstName', 'middleName', 'lastName', 'birthDate', 'patientid', 'patientId', 'caseNum', 'avatar'];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const HEX_64 = /^[0-9a-f]{64}$/;

/**
 * The data dictionary check the society's hub runs on every case of a package: identifiers absent,
 * the keyed patient hash well formed, dates as dates, and every coded value one of its code table.
 * Each error names the field as `cases[i].field`.
 */
export function validatePackagedCase(value: unknown, index: number): FieldError[] {
  const at = (field: string) => `cases[${index}].${field}`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [{ field: `cases[${index}]`, message: 'A case must be an object' }];
  }
  const c = value as Record<string, unknown>;
  const errors: FieldError[] = [];
  for (const field of IDENTIFYING_FIELDS) {
    if (field in c) errors.push({ field: at(field), message: `${field} identifies a patient and must not leave the department` });
  }
  if (typeof c.caseId !== 'string' || c.caseId.length === 0) errors.push({ field: at('caseId'), message: 'caseId is required' });
  if (typeof c.patientKey !== 'string' || !HEX_64.test(c.patientKey)) {
    errors.push({ field: at('patientKey'), message: 'patientKey must be a keyed hash (64 hexadecimal digits)' });
  }
  if (!Number.isInteger(c.caseVersion) || (c.caseVersion as number) < 1) {
    errors.push({ field: at('caseVersion'), message: 'caseVersion must be a whole number from 1' });
  }
  if (c.ageAtAdmission !== null && (!Number.isInteger(c.ageAtAdmission) || (c.ageAtAdmission as number) < 0 || (c.ageAtAdmission as number) > 130)) {
    errors.push({ field: at('ageAtAdmission'), message: 'ageAtAdmission must be whole years from 0 to 130' });
  }
  for (const field of ['admissionDate', 'dischargeDate', 'deliveryDate']) {
    const date = c[field];
    if (date !== null && date !== undefined && (typeof date !== 'string' || !ISO_DATE.test(date))) {
      errors.push({ field: at(field), message: `${field} must be a date YYYY-MM-DD` });
    }
  }
  if (!Array.isArray(c.caseTypes) || c.caseTypes.some((t) => !(SUBMISSION_CASE_TYPES as readonly unknown[]).includes(t))) {
    errors.push({ field: at('caseTypes'), message: `caseTypes must list only ${SUBMISSION_CASE_TYPES.join(', ')}` });
  }
  for (const [field, table] of CODED_FIELDS) {
    const code = c[field];
    if (code !== null && code !== undefined && !isCode(table, code)) {
      errors.push({ field: at(field), message: `${String(code)} is not a code of the data dictionary for ${field}` });
    }
  }
  if (c.antecedentCause !== null && c.antecedentCause !== undefined && !findLookupEntry(MATERNAL_DEATH_CAUSES, c.antecedentCause)) {
    errors.push({ field: at('antecedentCause'), message: `${String(c.antecedentCause)} is not a maternal death cause of the data dictionary` });
  }
  errors.push(...classificationErrors(c, at));
  const infants = c.infantsNumber;
  if (infants !== null && infants !== undefined && (!Number.isInteger(infants) || (infants as number) < 1 || (infants as number) > INFANT_COUNT_MAX)) {
    errors.push({ field: at('infantsNumber'), message: `infantsNumber must be from 1 to ${INFANT_COUNT_MAX}` });
  }
  if (c.neonatal !== undefined && !Array.isArray(c.neonatal)) {
    errors.push({ field: at('neonatal'), message: 'neonatal must be a list' });
  } else if (Array.isArray(c.neonatal)) {
    c.neonatal.forEach((infant: unknown, i) => {
      const status = (infant as { status?: unknown } | null)?.status;
      if (status !== null && status !== undefined && !isCode(T.infantStatus, status)) {
        errors.push({ field: at(`neonatal[${i}].status`), message: `${String(status)} is not a birth outcome of the data dictionary` });
      }
    });
  }
  return errors;
}

const ROBSON_SEGMENTS = new Set<string>([...ROBSON_GROUPS.map((g) => g.key), ROBSON_UNCLASSIFIABLE]);
const ICD_MM_TYPES = new Set<string>([...ICD_MM_GROUPS.map((g) => g.type), 'unmapped']);

/** Data dictionary 2026.2: the Robson answers and the derived groups (issue 28). */
function classificationErrors(c: Record<string, unknown>, at: (field: string) => string): FieldError[] {
  const errors: FieldError[] = [];
  const previous = c.previousCaesareans;
  if (previous !== null && previous !== undefined && (!Number.isInteger(previous) || (previous as number) < 0 || (previous as number) > PREVIOUS_CAESAREANS_MAX)) {
    errors.push({ field: at('previousCaesareans'), message: `previousCaesareans must be a whole number from 0 to ${PREVIOUS_CAESAREANS_MAX}` });
  }
  if (c.robsonGroup !== null && c.robsonGroup !== undefined && !ROBSON_SEGMENTS.has(String(c.robsonGroup))) {
    errors.push({ field: at('robsonGroup'), message: `${String(c.robsonGroup)} is not a Robson group of the data dictionary` });
  }
  if (c.icdMmGroup !== null && c.icdMmGroup !== undefined && !ICD_MM_GROUPS.some((g) => g.group === c.icdMmGroup)) {
    errors.push({ field: at('icdMmGroup'), message: `${String(c.icdMmGroup)} is not an ICD-MM group (1 to 9)` });
  }
  if (c.icdMmType !== null && c.icdMmType !== undefined && !ICD_MM_TYPES.has(String(c.icdMmType))) {
    errors.push({ field: at('icdMmType'), message: `${String(c.icdMmType)} is not an ICD-MM type of the data dictionary` });
  }
  return errors;
}
