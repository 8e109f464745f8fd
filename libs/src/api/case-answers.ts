import type { CaseListItem, PatientCaseInfo, PatientCaseInfoResponse } from './patients.js';
import type { CaseStateResponse, IsoDateTime } from './case-form.js';

/** An item of GET /api/patientcases: the CaseListItem plus what the list shows without another call. */
export type CaseListEntry = CaseListItem & {
  isPregnancy: boolean;
  isGyne: boolean;
  /** The patient's birth date, for the age when the case has no admission date yet. */
  birthDate: string | null;
  /** The patient's name, so every Cases list row says whose case it is. */
  firstName: string;
  middleName: string | null;
  lastName: string;
  version: number;
  updatedAt: string;
};

/** An item of GET /api/worklists/:list: a row of the Cases list and when the case was opened (created). */
export type WorklistEntry = CaseListEntry & { openedAt: IsoDateTime };

/** GET /api/patientcases/:caseid: the case-information screen's fields; `_id` is the case's id. */
export type CaseInfoView = PatientCaseInfo & {
  _id: string;
  caseid: string;
  patientid: string;
  pediatricConfirmed: boolean;
  isClose: boolean;
  isArchived: boolean;
  version: number;
};

/**
 * Reply of POST and PUT /api/patientcases: as SPEC.md §2 reads it ("goes to the case form for the
 * returned patient id"), `_id` is the patient's id; `caseid` is the case's; `patientid` repeats
 * the patient's id for clarity.
 */
export type CaseInfoAnswer = PatientCaseInfoResponse & {
  patientid: string;
  caseNum: string;
  birthDate: string | null;
  pediatricConfirmed: boolean;
  version: number;
};

/** Reply of the state changes: close, reopen, archive, unarchive. */
export type CaseStateAnswer = CaseStateResponse & { patientid: string; submissionId: string | null };
