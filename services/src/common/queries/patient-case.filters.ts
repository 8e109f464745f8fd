import { type SQL, sql } from 'drizzle-orm';
import { CASE_FORM_TYPE } from '@pnss/libs/enums';
import { patientCases } from '../../database/patients.schema.js';
import { censusPackageCases } from '../../database/submissions.schema.js';

/**
 * SQL conditions on patient_cases that the patient list, the case list and the counts share, so
 * "open", "admitted", "OB" and "Gyne" mean the same thing everywhere. An archived case is set aside:
 * it makes its patient neither open nor admitted, and it leaves the lists unless asked for.
 */
const c = patientCases;

/** SPEC.md §4: open while isClose is false. */
export const OPEN_CASE: SQL = sql`(not ${c.isClose} and not ${c.isArchived})`;

/** SPEC.md §4 (isAdmitted of @pnss/libs/rules): admitted while a case has no discharge date. */
export const ADMITTED_CASE: SQL = sql`(${c.dischargeDate} is null and not ${c.isArchived})`;

export const NOT_ARCHIVED_CASE: SQL = sql`(not ${c.isArchived})`;
export const ARCHIVED_CASE: SQL = sql`(${c.isArchived})`;

/** As submissionCaseTypes of @pnss/libs/rules reads a case: OB by its type or its pregnancy flag. */
export const OB_CASE: SQL = sql`(${c.caseFormType} = ${CASE_FORM_TYPE.OB} or ${c.isPregnancy})`;
export const GYNE_CASE: SQL = sql`(${c.caseFormType} = ${CASE_FORM_TYPE.GYNE} or ${c.isGyne})`;

/**
 * The packageable rule's `inPackage` (@pnss/libs/submissions): a census package carries the case, or
 * a package being built holds it. The review lists and the worklists read it the same way.
 */
export const IN_PACKAGE_CASE: SQL = sql`(${c.submissionId} is not null or exists (select 1 from ${censusPackageCases} where ${censusPackageCases.caseId} = ${c.id}))`;

/** Cases admitted within [from, to] ('YYYY-MM-DD', both ends included). */
export function admittedBetween(from: string | undefined, to: string | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`${c.admissionDate} >= ${from}`);
  if (to) conditions.push(sql`${c.admissionDate} <= ${to}`);
  return conditions;
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export function allOf(conditions: SQL[]): SQL {
  return conditions.length === 0 ? sql`true` : sql.join(conditions.map((x) => sql`(${x})`), sql` and `);
}
