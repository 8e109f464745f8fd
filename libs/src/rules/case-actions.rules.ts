import type { CaseForm } from '../api/case-form.js';
import { CASE_FORM_TYPE, type SubmissionCaseType } from '../enums/case-type.enum.js';
import { MOTHER_CONDITION } from '../enums/discharge.enum.js';
import { PREGNANCY_TYPE } from '../enums/pregnancy.enum.js';
import { isMortalityStatus } from '../enums/neonatal.enum.js';
import type { CaseFormView } from './case-visibility.rules.js';

/** SPEC.md §4: Open, Closed, or Submitted (closed with a submissionId); archived is a separate flag. */
export type CaseStatus = 'Open' | 'Closed' | 'Submitted';

export function caseStatus(form: Pick<CaseFormView, 'isClose' | 'submissionId'>): CaseStatus {
  if (form.isClose !== true) return 'Open';
  return form.submissionId ? 'Submitted' : 'Closed';
}

function isNew(form: CaseFormView): boolean {
  return !form._id;
}

/** SPEC.md §2 title bar: which buttons the case form shows. */
export interface CaseActions {
  archive: boolean;
  unarchive: boolean;
  save: boolean;
  close: boolean;
  reopen: boolean;
  /** All fields are disabled when the case is closed. */
  readOnly: boolean;
}

/**
 * The one lifecycle rule (SPEC.md §2, §4), asked by every screen and by the server: an open case is
 * saved, closed and archived; a closed case is read-only and can be reopened, unless it is Submitted
 * (closed with a submissionId: a census package carries it), which is never reopened, edited or archived.
 */
export function caseActions(form: CaseFormView): CaseActions {
  const status = caseStatus(form);
  const closed = status !== 'Open';
  const archived = form.isArchived === true;
  return {
    archive: !closed && !isNew(form) && !archived,
    unarchive: archived,
    save: !closed,
    close: !closed && !isNew(form) && !archived,
    reopen: status === 'Closed' && !isNew(form),
    readOnly: closed,
  };
}

/** SPEC.md §4: a patient shows Admitted while a case has no dischargeDate. */
export function isAdmitted(cases: ReadonlyArray<Pick<CaseForm, 'dischargeDate'>>): boolean {
  return cases.some((c) => !c.dischargeDate);
}

/** Live births among a case's infants (the maternal fetal review column Livebirth). */
export function livebirthCount(form: CaseFormView): number {
  return Array.isArray(form.neonatal) ? form.neonatal.filter((i) => i?.status === 1).length : 0;
}

export function infantDeathCount(form: CaseFormView): number {
  return Array.isArray(form.neonatal) ? form.neonatal.filter((i) => isMortalityStatus(i?.status)).length : 0;
}

/**
 * The submission case types a closed case belongs to (SPEC.md §1): maternal fetal for an OB case,
 * gyne for a gyne case, maternal mortality when the mother died, GTD when a GTD diagnosis or a
 * molar pregnancy is recorded. A case can be in several.
 */
export function submissionCaseTypes(form: CaseFormView): SubmissionCaseType[] {
  const types: SubmissionCaseType[] = [];
  if (form.isPregnancy === true || form.caseFormType === CASE_FORM_TYPE.OB) types.push('maternalfetalcase');
  if (form.isGyne === true) types.push('gynecase');
  if (form.motherCondition === MOTHER_CONDITION.DIED) types.push('maternalmortalitycase');
  if (form.gtdDiagnosis != null || (form.isPregnancy === true && form.pregnancyType === PREGNANCY_TYPE.MOLAR)) {
    types.push('gtdcase');
  }
  return types;
}
