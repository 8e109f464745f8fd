import type { CaseForm } from '../api/case-form.js';
import { countingDateOf, isCountedCase } from '../reports/counting-rule.js';

/**
 * The denominators of the Data Quality view (issue 31), each a clinical definition written once:
 * the server counts by them (case-quality projection, QualityService) and the view quotes them in
 * words under the figure they define. Beyond SPEC.md: the spec has no data-quality view.
 */

/** Whether a case is one the Data Quality view reviews: closed, not archived, with a discharge date (its counting date). */
export function isQualityReviewed(form: Pick<CaseForm, 'isClose' | 'isArchived' | 'dischargeDate'>): boolean {
  return isCountedCase(form) && countingDateOf(form) !== null;
}

/** Each figure of the view and what it counts, in the words the view shows under it. */
export const QUALITY_DENOMINATORS = {
  cases:
    'Cases reviewed: closed, not archived cases whose discharge date falls between FROM and TO (both days included). '
    + 'Open cases and archived ones are left out; a submitted case is closed and counts; a case withdrawn from its package counts '
    + 'again as a closed case, unless it was archived.',
  rules:
    'Cases per rule: of the cases reviewed, those that fail the rule on at least one answer. A case counts once under a rule '
    + 'however many of its answers fail it, and under each rule it fails.',
  fields:
    'Completeness of a field: of the cases reviewed whose form asks the question, the share that answer it. A question the form '
    + 'hides is not asked: no obstetric question of a gynecologic case, no second-twin question of a singleton birth, no infant '
    + 'question without a birth, no follow-up question whose answer does not call for it. An infant question is asked of a case '
    + 'once, for the infants its infant count records, and answered when every one of them has the answer. Optional lists '
    + '(histories, morbidities, procedures) and the MIGS boxes are not counted: left empty they mean none.',
  sections:
    'Completeness of a section: of all the questions the section asks the cases reviewed (each question asked of each case '
    + 'counted once), the share answered.',
  score:
    'Department score: the mean of the case scores of the cases reviewed. A case scores the share of its asked questions '
    + 'answered (0 to 100), less 25 with any hard error and 5 for each warning, not below 0.',
} as const;

export type QualityFigure = keyof typeof QUALITY_DENOMINATORS;

/** answered over asked, 0 to 1 rounded to 3 places; null when no case was asked. */
export function completenessShare(answered: number, asked: number): number | null {
  return asked === 0 ? null : Math.round((1000 * answered) / asked) / 1000;
}

/** A section's completeness from its fields': the questions asked and answered, summed. */
export function sectionCompleteness(fields: ReadonlyArray<{ asked: number; answered: number }>): { asked: number; answered: number; share: number | null } {
  const asked = fields.reduce((n, f) => n + f.asked, 0);
  const answered = fields.reduce((n, f) => n + f.answered, 0);
  return { asked, answered, share: completenessShare(answered, asked) };
}

/** The department score from the sum of the case scores and the cases reviewed, to one decimal; null without cases. */
export function departmentScore(scoreSum: number, cases: number): number | null {
  return cases === 0 ? null : Math.round((10 * scoreSum) / cases) / 10;
}
