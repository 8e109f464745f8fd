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

/** An item of the patient list. */
export interface PatientListItem {
  _id: string;
  patientid: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  avatar: string | null;
  birthDate: IsoDate | null;
  hasOpenCase: boolean;
  isAdmitted: boolean;
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
