import { type CaseForm, emptyCaseForm } from '@pnss/libs/api';
import type { patientCases } from '../../database/patients.schema.js';

export type CaseRow = typeof patientCases.$inferSelect;
/** What a form writes: the form fields in columns of their own, and the JSONB document of the rest. */
export const CASE_COLUMN_KEYS = [
  'caseNum', 'caseFormType', 'isPregnancy', 'isGyne', 'admissionDate', 'dischargeDate', 'deliveryDate', 'age',
  'pregnancyType', 'deliveryManner', 'motherCondition', 'form',
] as const satisfies ReadonlyArray<keyof CaseRow>;
export type CaseColumns = Pick<CaseRow, (typeof CASE_COLUMN_KEYS)[number]>;

/**
 * The case-form fields kept in their own columns (filtered, sorted, joined or reported on); every
 * other field lives in the JSONB `form` document. The identity, lifecycle and version columns are
 * written by their own code paths, never from a form.
 */
const COLUMN_FIELDS = [
  '_id', 'patientid', 'caseNum', 'caseFormType', 'isPregnancy', 'isGyne', 'isClose', 'isArchived', 'submissionId',
  'admissionDate', 'dischargeDate', 'deliveryDate', 'age', 'pregnancyType', 'deliveryManner', 'motherCondition',
  'version', 'createdAt', 'updatedAt',
] as const satisfies ReadonlyArray<keyof CaseForm>;

const IN_COLUMNS = new Set<string>(COLUMN_FIELDS);
const FORM_FIELDS = new Set<string>(Object.keys(emptyCaseForm('')).filter((field) => !IN_COLUMNS.has(field)).concat('gyneForm'));

/**
 * The stored case as the API answers it: every field of CaseForm, the list maps as arrays. Written
 * into one fresh empty form, field by field (three spreads of a hundred-field object were a
 * measurable share of every case read and save).
 */
export function toCaseForm(row: CaseRow): CaseForm {
  const form = emptyCaseForm(row.patientId, row.caseNum);
  const target = form as unknown as Record<string, unknown>;
  const document = row.form as Record<string, unknown>;
  for (const field of Object.keys(document)) if (FORM_FIELDS.has(field)) target[field] = document[field];
  form._id = row.id;
  form.patientid = row.patientId;
  form.caseNum = row.caseNum;
  form.caseFormType = row.caseFormType;
  form.isPregnancy = row.isPregnancy;
  form.isGyne = row.isGyne;
  form.isClose = row.isClose;
  form.isArchived = row.isArchived;
  form.submissionId = row.submissionId;
  form.admissionDate = row.admissionDate;
  form.dischargeDate = row.dischargeDate;
  form.deliveryDate = row.deliveryDate;
  form.age = row.age;
  form.pregnancyType = row.pregnancyType;
  form.deliveryManner = row.deliveryManner;
  form.motherCondition = row.motherCondition;
  form.version = row.version;
  form.createdAt = row.createdAt.toISOString();
  form.updatedAt = row.updatedAt.toISOString();
  return form;
}

/** The columns and the JSONB document that store a (normalised) form. */
export function toCaseColumns(form: CaseForm): CaseColumns {
  const document: Record<string, unknown> = {};
  for (const field of FORM_FIELDS) {
    const value = (form as unknown as Record<string, unknown>)[field];
    if (value !== undefined) document[field] = value;
  }
  return {
    caseNum: form.caseNum,
    caseFormType: form.caseFormType,
    isPregnancy: form.isPregnancy,
    isGyne: form.isGyne,
    admissionDate: form.admissionDate,
    dischargeDate: form.dischargeDate,
    deliveryDate: form.deliveryDate,
    age: form.age,
    pregnancyType: form.pregnancyType,
    deliveryManner: form.deliveryManner,
    motherCondition: form.motherCondition,
    form: document,
  };
}
