import type { FieldError } from '../api/common.js';
import { parseCalendarDate } from '../derived/calendar-date.js';
import { isPediatric } from '../derived/age.js';
import { isSaneCalendarDate } from './date.validation.js';
import { MESSAGES } from './messages.js';
import { deceptiveTextProblem } from './text-safety.js';

export interface TodayOption {
  /** 'YYYY-MM-DD'. */
  today: string;
}

function record(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

/** SPEC.md §5: if the computed age is under 19 the pediatric confirmation is required; no birth date counts as 100. */
function pediatricError(values: Record<string, unknown>, today: string): FieldError | null {
  if (!isPediatric(values.birthDate, today) || values.pediatricConfirmed === true) return null;
  return { field: 'pediatricConfirmed', label: 'Pediatric Case', message: MESSAGES.confirmPediatric };
}

/** A real date, not in the future and not before 1900-01-01 (issue 13 item 8). */
function isValidBirthDate(value: unknown, today: string): boolean {
  const birth = parseCalendarDate(value);
  const now = parseCalendarDate(today);
  return birth !== null && isSaneCalendarDate(value) && (now === null || birth <= now);
}

const NAME_FIELDS = [['firstName', 'First Name'], ['middleName', 'Middle Name'], ['lastName', 'Last Name']] as const;

/** Names that would show reversed or split (text-safety.ts), one error per field. */
function deceptiveNameErrors(values: Record<string, unknown>): FieldError[] {
  return NAME_FIELDS.flatMap(([field, label]) => {
    const problem = typeof values[field] === 'string' ? deceptiveTextProblem(values[field]) : null;
    return problem ? [{ field, label, message: `${label} ${problem}` }] : [];
  });
}

/**
 * The one rule for a patient's name (SPEC.md §5 "Patient form": 'First name is required'; the
 * middle and last names are optional, for a patient known by one name), asked by the New Patient
 * screen, the case-information screen (Cases › Add) and the server's patient validation alike.
 */
export function patientNameErrors(input: unknown): FieldError[] {
  const values = record(input);
  const errors: FieldError[] = deceptiveNameErrors(values);
  if (isBlank(values.firstName)) errors.push({ field: 'firstName', label: 'First Name', message: MESSAGES.firstNameRequired });
  return errors;
}

/** SPEC.md §5 "Patient form". */
export function validatePatient(input: unknown, { today }: TodayOption): FieldError[] {
  const values = record(input);
  const errors: FieldError[] = patientNameErrors(values);
  if (!isValidBirthDate(values.birthDate, today)) {
    errors.push({ field: 'birthDate', label: 'Date of Birth', message: MESSAGES.validBirthdate });
  }
  const pediatric = pediatricError(values, today);
  if (pediatric) errors.push(pediatric);
  return errors;
}

export interface CaseInfoOptions extends TodayOption {
  /** The screen creates or renames the patient (issue 14 item 3): the patient's name rule applies. */
  newPatient?: boolean;
}

/**
 * SPEC.md §5 "Case information": case number required, pediatric confirmation as for the patient;
 * when the screen creates (or renames) the patient, the patient's name rule (`patientNameErrors`,
 * the New Patient screen's) applies, so no case makes an unnamed patient (issue 25 item 13).
 */
export function validateCaseInfo(input: unknown, { today, newPatient = false }: CaseInfoOptions): FieldError[] {
  const values = record(input);
  const errors: FieldError[] = newPatient ? [] : deceptiveNameErrors(values);
  if (isBlank(values.caseNum)) errors.push({ field: 'caseNum', label: 'Case Number', message: MESSAGES.caseNumberRequired });
  if (newPatient) errors.push(...patientNameErrors(values));
  // The birth date is optional on this screen, but one that is given must be a real, past date.
  const hasBirthDate = values.birthDate !== undefined && values.birthDate !== null && values.birthDate !== '';
  if (hasBirthDate && !isValidBirthDate(values.birthDate, today)) {
    errors.push({ field: 'birthDate', label: 'Date of Birth', message: MESSAGES.validBirthdate });
  }
  const pediatric = pediatricError(values, today);
  if (pediatric) errors.push(pediatric);
  return errors;
}

/** SPEC.md §5 "Case save": case number required ('Please enter the Case #'). */
export function validateCaseSave(input: unknown): FieldError[] {
  const values = record(input);
  if (!isBlank(values.caseNum)) return [];
  return [{ field: 'caseNum', label: 'Case #', section: 'Admission', message: MESSAGES.caseSaveNumberRequired }];
}
