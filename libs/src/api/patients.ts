import type { CaseForm, HistoryEntry, IsoDate } from './case-form.js';

/** SPEC.md §3 Patient. `patientid` is the department's own identifier; `_id` the record id. */
export interface Patient {
  _id: string;
  patientid: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  avatar: string | null;
  birthDate: IsoDate | null;
  /** The user confirmed an under-19 patient is a pediatric case (SPEC.md §5). */
  pediatricConfirmed: boolean;
  hasOpenCase: boolean;
  /** True while one of the patient's cases has no dischargeDate (SPEC.md §4). */
  isAdmitted?: boolean;
  medicalHistory: HistoryEntry[];
  obstetricHistory?: HistoryEntry[];
  cases?: CaseForm[];
  version?: number;
}

/** Body of POST /api/patients and PUT /api/patients/:patientid (SPEC.md §7). */
export interface PatientPayload {
  patientid?: string;
  firstName: string;
  middleName?: string | null;
  lastName?: string;
  avatar?: string | null;
  birthDate: IsoDate | null;
  pediatricConfirmed?: boolean;
  medicalHistory?: HistoryEntry[];
  obstetricHistory?: HistoryEntry[];
}

/** SPEC.md §3 Patient case info: the case-information screen. */
export interface PatientCaseInfo {
  _id?: string | null;
  caseNum: string;
  /**
   * The patient's name (issue 14 item 3): first and last are required on POST when no `patientid`
   * is sent, so a case never creates an 'Unnamed patient'; sent otherwise, they rename the patient.
   */
  firstName?: string;
  middleName?: string | null;
  lastName?: string;
  birthDate: IsoDate | null;
  pediatricConfirmed?: boolean;
  /** Set when the case belongs to an existing patient. */
  patientid?: string | null;
}

/** Reply of POST/PUT /api/patientcases: `_id` is the patient's id, where the form goes next. */
export interface PatientCaseInfoResponse {
  _id: string;
  caseid: string;
}

/** Patient list filter of the view toggle (SPEC.md §4). */
export type PatientListTag = 'allPatients' | 'openCase' | 'admitted';
/** Case-type filter of the lists (SPEC.md §2). */
export type CaseListFilter = 'all' | 'ob' | 'gyne' | 'archived';
export type CaseViewFilter = 'openCase' | 'all';

/** Query of GET /api/patients and GET /api/patientcases (SPEC.md §7). Dates 'YYYY-MM-DD'. */
export interface ListQuery {
  search?: string;
  tag?: PatientListTag | CaseViewFilter;
  cases?: CaseListFilter;
  fromdate?: IsoDate;
  todate?: IsoDate;
  page?: number;
}

/** An item of the patient list: the patient without its histories and cases, always saying whether admitted. */
export type PatientListItem = Pick<
  Patient,
  '_id' | 'patientid' | 'firstName' | 'middleName' | 'lastName' | 'avatar' | 'birthDate' | 'hasOpenCase'
> & { isAdmitted: boolean };

/**
 * A search counts the patients it matches up to this many: past it, the count is this number and
 * `countCapped` is true ("more than 1,000"), so that a letter or two typed costs no more than a name.
 * Beyond SPEC.md, which asks for the list's count: an exact count of most of a million patients took
 * seconds (issue 33).
 */
export const SEARCH_COUNT_CAP = 1000;

/** A page of the patients list (SPEC.md §2): `countCapped` only on a search matching more than SEARCH_COUNT_CAP. */
export interface PatientPage {
  items: PatientListItem[];
  count: number;
  offset: number;
  countCapped?: boolean;
}

/** An item of the cases list (SPEC.md §2 "Cases list"). */
export interface CaseListItem {
  _id: string;
  caseNum: string;
  patientid: string;
  caseFormType: number | null;
  isClose: boolean;
  isArchived: boolean;
  submissionId: string | null;
  admissionDate: IsoDate | null;
  dischargeDate: IsoDate | null;
  age: number | null;
}

/** SPEC.md §3 Counts, answered by the /patients/.../count calls. */
export interface PatientCounts {
  numOfPatients: number;
  numOfAdmittedPatients: number;
  numOfPatientWithOpenCase: number;
  numOfCases: number;
  numOfOpenCases: number;
}

/** Query of GET /api/patients/duplicates: the name and birth date about to be saved. */
export interface PatientDuplicateQuery {
  firstName: string;
  lastName?: string;
  birthDate: IsoDate;
}

/**
 * Reply of GET /api/patients/duplicates: the existing patients with the same first and last name
 * (case and spacing ignored) and the same birth date. Both patient creation forms ask before saving.
 */
export interface PatientDuplicates {
  items: PatientListItem[];
}

/**
 * A name as the duplicate check compares it: trimmed, inner spaces collapsed, Unicode NFC,
 * lower case. 'Maria  ' and ' maría' (composed or not) match; 'Maria' and 'Mara' do not.
 */
export function nameKey(name: string | null | undefined): string {
  return (name ?? '').normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
}

/** Whether an existing patient is a duplicate of the name and birth date about to be saved. */
export function isSamePatient(
  existing: { firstName: string; lastName: string; birthDate: IsoDate | null },
  candidate: { firstName: string; lastName?: string | null; birthDate: IsoDate | null },
): boolean {
  return existing.birthDate !== null
    && existing.birthDate === candidate.birthDate
    && nameKey(existing.firstName) === nameKey(candidate.firstName)
    && nameKey(existing.lastName) === nameKey(candidate.lastName);
}
