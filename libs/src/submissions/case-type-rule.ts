import { CASE_FORM_TYPE, type SubmissionCaseType } from '../enums/case-type.enum.js';
import { MOTHER_CONDITION } from '../enums/discharge.enum.js';
import { PREGNANCY_TYPE } from '../enums/pregnancy.enum.js';

/** The case fields that decide which review lists a closed case belongs to. */
export interface CaseTypeFacts {
  caseFormType: number | null;
  isPregnancy: boolean | null;
  isGyne: boolean | null;
  motherCondition: number | null;
  pregnancyType: number | null;
  gtdDiagnosis: number | null;
}

/** One test on one fact: equal to a value, or answered at all. */
export type CaseTypeCondition =
  | { field: keyof CaseTypeFacts; equals: number | boolean }
  | { field: keyof CaseTypeFacts; answered: true };

/**
 * The rule of SPEC.md §1, written once as data so that the server can turn it into SQL and the
 * screens can evaluate it: a case belongs to a type when ANY of the type's groups holds, and a
 * group holds when ALL its conditions do. Maternal fetal: an OB or pregnant case. Gyne: a gyne case.
 * Maternal mortality: the mother died. GTD: a GTD diagnosis, or a molar pregnancy.
 */
export const CASE_TYPE_RULE: Readonly<Record<SubmissionCaseType, ReadonlyArray<ReadonlyArray<CaseTypeCondition>>>> = {
  maternalfetalcase: [[{ field: 'isPregnancy', equals: true }], [{ field: 'caseFormType', equals: CASE_FORM_TYPE.OB }]],
  gynecase: [[{ field: 'isGyne', equals: true }]],
  maternalmortalitycase: [[{ field: 'motherCondition', equals: MOTHER_CONDITION.DIED }]],
  gtdcase: [
    [{ field: 'gtdDiagnosis', answered: true }],
    [
      { field: 'isPregnancy', equals: true },
      { field: 'pregnancyType', equals: PREGNANCY_TYPE.MOLAR },
    ],
  ],
};

function holds(facts: CaseTypeFacts, condition: CaseTypeCondition): boolean {
  const value = facts[condition.field];
  if ('answered' in condition) return value !== null && value !== undefined;
  return value === condition.equals;
}

export function belongsToCaseType(facts: CaseTypeFacts, type: SubmissionCaseType): boolean {
  return CASE_TYPE_RULE[type].some((group) => group.every((condition) => holds(facts, condition)));
}

/** Every review list the case appears in (a case can be in several). */
export function caseTypesOf(facts: CaseTypeFacts): SubmissionCaseType[] {
  return (Object.keys(CASE_TYPE_RULE) as SubmissionCaseType[]).filter((type) => belongsToCaseType(facts, type));
}
