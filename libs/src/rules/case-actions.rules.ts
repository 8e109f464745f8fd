import type { CaseForm } from '../api/case-form.js';
import { CASE_FORM_TYPE, type SubmissionCaseType } from '../enums/case-type.enum.js';
import { MOTHER_CONDITION } from '../enums/discharge.enum.js';
import { PREGNANCY_TYPE } from '../enums/pregnancy.enum.js';
import { isMortalityStatus } from '../enums/neonatal.enum.js';
import type { CaseFormView } from './case-visibility.rules.js';

/**
 * SPEC.md §4: Open, Closed, or Submitted (closed with a submissionId); archived is a separate flag.
 * Issue 30 adds Amending: a submitted case reopened for amendment, open and editable, still carried
 * by its census package (open with a submissionId).
 */
export type CaseStatus = 'Open' | 'Closed' | 'Submitted' | 'Amending';

export function caseStatus(form: Pick<CaseFormView, 'isClose' | 'submissionId'>): CaseStatus {
  if (form.isClose !== true) return form.submissionId ? 'Amending' : 'Open';
  return form.submissionId ? 'Submitted' : 'Closed';
}

function isNew(form: CaseFormView): boolean {
  return !form._id;
}

/** SPEC.md §2 title bar: which buttons the case form shows; issue 30 adds amend and withdraw. */
export interface CaseActions {
  archive: boolean;
  unarchive: boolean;
  save: boolean;
  close: boolean;
  reopen: boolean;
  /** Reopen a Submitted case for amendment (permission amend_submitted_case, with a reason). */
  amend: boolean;
  /** Withdraw a Submitted case from its package (permission amend_submitted_case, with a reason). */
  withdraw: boolean;
  /** All fields are disabled when the case is closed. */
  readOnly: boolean;
}

/** The action names of CaseActions that a user asks for (readOnly is a state, not an action). */
export type CaseAction = Exclude<keyof CaseActions, 'readOnly'>;

/**
 * The one lifecycle rule (SPEC.md §2, §4; issue 30), asked by every screen and by the server: an
 * open case is saved, closed and archived; a closed case is read-only and can be reopened, unless it
 * is Submitted (a census package carries it): that one is only reopened for amendment or withdrawn
 * from its package. An Amending case is saved and closed again under the usual close rules, and is
 * never archived or reopened while its package carries it.
 */
export function caseActions(form: CaseFormView): CaseActions {
  const status = caseStatus(form);
  const closed = status === 'Closed' || status === 'Submitted';
  const archived = form.isArchived === true;
  const saved = !isNew(form);
  return {
    archive: status === 'Open' && saved && !archived,
    unarchive: archived,
    save: !closed,
    close: !closed && saved && !archived,
    reopen: status === 'Closed' && saved,
    amend: status === 'Submitted' && saved && !archived,
    withdraw: status === 'Submitted' && saved && !archived,
    readOnly: closed,
  };
}

/**
 * Why the action is refused in the case's state, in words that name the rule, or null when the
 * lifecycle allows it. The server answers these words; the screens hide what they refuse.
 */
export function caseActionRefusal(form: CaseFormView, action: CaseAction): string | null {
  if (caseActions(form)[action]) return null;
  const status = caseStatus(form);
  const archived = form.isArchived === true;
  switch (action) {
    case 'amend':
    case 'withdraw': {
      const verb = action === 'amend' ? 'reopened for amendment' : 'withdrawn from its package';
      if (status === 'Amending') return `This case is already being amended: close it again${action === 'withdraw' ? ' before withdrawing it' : ''}.`;
      if (archived) return `An archived case cannot be ${verb}.`;
      return `Only a submitted case (closed and carried by a census package) can be ${verb}; this case is ${status}.`;
    }
    case 'reopen':
      if (status === 'Submitted') return 'This case has been submitted in a census package: reopen it for amendment instead, with a reason.';
      return 'This case is already open: only a closed case can be reopened.';
    case 'close':
      if (archived) return 'This case is archived. Unarchive it before closing it.';
      return status === 'Submitted' ? 'This case is already closed and submitted.' : 'This case is already closed.';
    case 'archive':
      if (status === 'Amending') return 'A case being amended belongs to its census package and cannot be archived: close it again, or withdraw it from the package.';
      if (archived) return 'This case is already archived.';
      return 'A closed case cannot be archived. Reopen it first.';
    case 'unarchive':
      return 'This case is not archived.';
    case 'save':
      return 'This case is closed and can no longer be edited. Reopen it to make changes.';
  }
}

/** The fewest words a reason for an amendment or a withdrawal has (issue 30: "a written reason"). */
export const AMENDMENT_REASON_MIN_WORDS = 3;
export const AMENDMENT_REASON_MAX_LENGTH = 1000;
export const AMENDMENT_REASON_MESSAGE =
  `Give the reason in at least ${AMENDMENT_REASON_MIN_WORDS} words (at most ${AMENDMENT_REASON_MAX_LENGTH} characters): it is kept with the case and shown in its history.`;

/** The reason's words, or the rule's message when it is missing, too short or too long. */
export function amendmentReasonError(reason: unknown): string | null {
  if (typeof reason !== 'string') return AMENDMENT_REASON_MESSAGE;
  const trimmed = reason.trim();
  if (trimmed.length > AMENDMENT_REASON_MAX_LENGTH) return AMENDMENT_REASON_MESSAGE;
  const words = trimmed.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  return words.length >= AMENDMENT_REASON_MIN_WORDS ? null : AMENDMENT_REASON_MESSAGE;
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

/** The words of a successful amendment action (issue 30). */
export const AMENDMENT_TOASTS = {
  reopenedForAmendment: 'Case reopened for amendment: correct it, then close it again.',
  withdrawn: 'Case withdrawn from its census package: the next version omits it.',
  withdrawnAndArchived: 'Case withdrawn from its census package and archived: the next version omits it.',
} as const;
