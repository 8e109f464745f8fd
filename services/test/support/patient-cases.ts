import type { CaseForm, Patient } from '@pnss/libs/api';
import { calendarDateOf } from '@pnss/libs/derived';
import { normalizeCaseForm } from '@pnss/libs/rules';
import { closableGyneCase, closableObCase } from '@pnss/libs/testing';
import type { SignedIn, TestApp } from './test-app.js';

/**
 * Patients and cases for the API tests of the patients and cases features. Dates are relative to
 * the server's clock (UTC), as the rules read them, so the fixtures stay valid whatever the day.
 */

const DAY_MS = 86_400_000;

export function daysAgo(days: number): string {
  return calendarDateOf(new Date(Date.now() - days * DAY_MS));
}

/** The calendar date `years` years before today (same month and day). */
export function yearsAgo(years: number): string {
  const now = new Date();
  return calendarDateOf(new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), Math.min(now.getUTCDate(), 28))));
}

/** The server-owned fields of a stored form, left out of what a client sends. */
const SERVER_FIELDS = ['_id', 'patientid', 'isClose', 'isArchived', 'submissionId', 'version', 'createdAt', 'updatedAt'] as const;

export type CaseBody = Partial<CaseForm> & Record<string, unknown>;

function body(form: CaseForm): CaseBody {
  const copy: Record<string, unknown> = { ...form };
  for (const field of SERVER_FIELDS) delete copy[field];
  return copy as CaseBody;
}

/**
 * The libs fixture of an OB case that passes every close rule (a delivered singleton by primary
 * caesarean section), with its dates moved to the last two weeks.
 */
export function closableObBody(caseNum: string, overrides: Partial<CaseForm> = {}): CaseBody {
  return body(
    closableObCase({
      caseNum,
      admissionDate: daysAgo(11),
      deliveryDate: daysAgo(10),
      dischargeDate: daysAgo(7),
      ...overrides,
    }),
  );
}

/**
 * closableObBody with overrides that take the case away from a delivery (a miscarriage, an ectopic,
 * a postpartum admission), sent as the form sends it: the answers its dependency rules clear are
 * cleared (SPEC.md §4), since the server refuses a save that would drop them.
 */
export function obFormBody(caseNum: string, overrides: Partial<CaseForm> = {}): CaseBody {
  return body(normalizeCaseForm(closableObCase({ caseNum, admissionDate: daysAgo(11), deliveryDate: daysAgo(10), dischargeDate: daysAgo(7), ...overrides })));
}

/** The libs fixture of a gyne case that passes every close rule, with its dates moved to last month. */
export function closableGyneBody(caseNum: string, overrides: Partial<CaseForm> = {}): CaseBody {
  return body(closableGyneCase({ caseNum, admissionDate: daysAgo(40), dischargeDate: daysAgo(36), ...overrides }));
}

let patientSequence = 0;

/** A named adult patient (28 years old unless told otherwise). */
export async function createPatient(t: TestApp, as: SignedIn, overrides: Record<string, unknown> = {}): Promise<Patient> {
  patientSequence += 1;
  const response = await t.http
    .post('/api/patients')
    .set('Authorization', as.authorization)
    .send({ firstName: `Test${patientSequence}`, lastName: 'Patient', birthDate: yearsAgo(28), ...overrides });
  if (response.status !== 201) throw new Error(`Creating a patient failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as Patient;
}

export async function createCase(t: TestApp, as: SignedIn, patientId: string, form: CaseBody): Promise<CaseForm> {
  const response = await t.http.post(`/api/patients/${patientId}/cases`).set('Authorization', as.authorization).send(form);
  if (response.status !== 201) throw new Error(`Creating a case failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as CaseForm;
}

let caseSequence = 0;

/** A case number no other test uses. */
export function nextCaseNum(prefix = 'T'): string {
  caseSequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${caseSequence}`;
}
