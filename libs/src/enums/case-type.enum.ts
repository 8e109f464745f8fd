import type { CodeTable } from './code-table.js';

/** SPEC.md §3, §9: caseFormType 1 OB, 2 GYNE. */
export const CASE_FORM_TYPE = { OB: 1, GYNE: 2 } as const;
export const CASE_FORM_TYPES: CodeTable = [
  { id: 1, label: 'OB' },
  { id: 2, label: 'GYNE' },
];

/** The case types of the submissions review (SPEC.md §1, §2 casetype param). */
export const SUBMISSION_CASE_TYPES = ['maternalfetalcase', 'gynecase', 'maternalmortalitycase', 'gtdcase'] as const;
export type SubmissionCaseType = (typeof SUBMISSION_CASE_TYPES)[number];
export const SUBMISSION_CASE_TYPE_LABELS: Record<SubmissionCaseType, string> = {
  maternalfetalcase: 'Maternal Fetal',
  gynecase: 'Gyne',
  maternalmortalitycase: 'Maternal Mortality',
  gtdcase: 'GTD',
};
