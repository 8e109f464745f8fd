import { type CaseForm, emptyCaseForm } from '@pnss/libs/api';
import type { patientCases } from '../../database/patients.schema.js';

export type CaseRow = typeof patientCases.$inferSelect;
export type CaseColumns = Pick<
  CaseRow,
  | 'caseNum' | 'caseFormType' | 'isPregnancy' | 'isGyne' | 'admissionDate' | 'dischargeDate' | 'deliveryDate' | 'age'
  | 'pregnancyType' | 'deliveryManner' | 'motherCondition' | 'form'
>;

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

/** The stored case as the API answers it: every field of CaseForm, the list maps as arrays. */
export function toCaseForm(row: CaseRow): CaseForm {
  const document: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(row.form)) if (FORM_FIELDS.has(field)) document[field] = value;
  return {
    ...emptyCaseForm(row.patientId, row.caseNum),
    ...(document as Partial<CaseForm>),
    _id: row.id,
    patientid: row.patientId,
    caseNum: row.caseNum,
    caseFormType: row.caseFormType,
    isPregnancy: row.isPregnancy,
    isGyne: row.isGyne,
    isClose: row.isClose,
    isArchived: row.isArchived,
    submissionId: row.submissionId,
    admissionDate: row.admissionDate,
    dischargeDate: row.dischargeDate,
    deliveryDate: row.deliveryDate,
    age: row.age,
    pregnancyType: row.pregnancyType,
    deliveryManner: row.deliveryManner,
    motherCondition: row.motherCondition,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
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
