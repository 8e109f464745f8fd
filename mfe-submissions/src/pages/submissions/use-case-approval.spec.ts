import type { CaseQualityView } from '@pnss/libs/api';
import { approvalRefusal, needsWarningsConfirmation } from '@pnss/libs/submissions';
import { closedCase } from './render-submissions.test-helpers.js';
import { approvalFactsOf } from './use-case-approval.js';

const finding = (rule: string, field = 'weight') => ({ rule, field, label: field, section: 'Delivery', message: 'checked' });
const review = (overrides: Partial<CaseQualityView> = {}): CaseQualityView => ({ _id: 'c1', score: 90, errors: [], warnings: [], openQueryFields: [], ...overrides });

describe('the facts the Cases tab gives the approval rule of libs (issue 31)', () => {
  it('a case with a field under an open query is refused before any warning is asked about', () => {
    const facts = approvalFactsOf(closedCase(), review({ openQueryFields: ['weight'], warnings: [finding('bmi-high')] }));
    expect(approvalRefusal({ ...facts, warningsConfirmed: true })).toMatch(/open quer/i);
  });

  it('names each failed quality rule once, hard errors and warnings alike, in the order of the quality rules', () => {
    const facts = approvalFactsOf(
      closedCase(),
      review({ errors: [finding('close-rules')], warnings: [finding('birth-weight-for-age', 'neonatal[0].pediatricWeight'), finding('bmi-high'), finding('birth-weight-for-age', 'neonatal[1].pediatricWeight')] }),
    );
    expect(facts.qualityRules).toEqual(['close-rules', 'bmi-high', 'birth-weight-for-age']);
    expect(needsWarningsConfirmation(facts)).toBe(true);
  });

  it('a clean review, or one not read yet, asks no confirmation; the server asks the rule again on approval', () => {
    for (const facts of [approvalFactsOf(closedCase(), review()), approvalFactsOf(closedCase(), undefined)]) {
      expect(facts.qualityRules).toEqual([]);
      expect(approvalRefusal({ ...facts, warningsConfirmed: false })).toBeNull();
    }
  });

  it('a case a census package already carries is refused as packaged', () => {
    const facts = approvalFactsOf(closedCase({ submissionId: 'S20261120-ABCDEF' }), review());
    expect(facts.inPackage).toBe(true);
    expect(approvalRefusal({ ...facts, warningsConfirmed: true })).not.toBeNull();
  });
});
