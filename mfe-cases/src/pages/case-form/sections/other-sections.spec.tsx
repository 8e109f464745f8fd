import { act, screen, within } from '@testing-library/react';
import { MigsSection } from './migs.section.js';
import { DischargeSection } from './discharge.section.js';
import { GyneSection } from './gyne.section.js';
import { ComorbiditiesSection } from './comorbidities.section.js';
import { fieldOf, makeCaseStore, renderOnStore } from '../case-form.test-helpers.js';

describe('MIGS Information (SPEC.md §2, §4)', () => {
  it('FELLOW shows the PSGE and PSRM boxes; another choice hides and clears them', async () => {
    const store = makeCaseStore();
    const { user, container } = renderOnStore(<MigsSection />, store);
    expect(fieldOf(container, 'MIGSSurgeonPSGE')).toBeNull();
    await user.click(within(fieldOf(container, 'MIGSSurgeon')!).getByLabelText('FELLOW'));
    await user.click(within(fieldOf(container, 'MIGSSurgeonPSGE')!).getByRole('checkbox'));
    expect(store.getState().form.MIGSSurgeonPSGE).toBe(true);
    await user.click(within(fieldOf(container, 'MIGSSurgeon')!).getByLabelText('NO'));
    expect(fieldOf(container, 'MIGSSurgeonPSGE')).toBeNull();
    expect(store.getState().form.MIGSSurgeonPSGE).toBe(false);
  });
});

describe('Discharge (SPEC.md §2, §4)', () => {
  it('a maternal death asks antecedent, causes, timing and review; changing the antecedent clears its type', async () => {
    const store = makeCaseStore();
    const { user, container } = renderOnStore(<DischargeSection />, store);
    expect(fieldOf(container, 'antecedent')).toBeNull();
    await user.click(within(fieldOf(container, 'motherCondition')!).getByLabelText('Died'));
    for (const field of ['antecedent', 'antecedentType', 'antecedentCause', 'immediateCause', 'deathTiming', 'deathReviewed']) {
      expect(fieldOf(container, field)).not.toBeNull();
    }
    act(() => store.change({ antecedent: 1, antecedentType: 11 }));
    act(() => store.change({ antecedent: 2 }));
    expect(store.getState().form.antecedentType).toBeNull();
    act(() => store.change({ immediateCause: 8 }));
    expect(fieldOf(container, 'immediateCauseOthers')).not.toBeNull();
  });
});

describe('Gyne conditions and procedures (SPEC.md §2)', () => {
  it('are shown for gyne cases only', () => {
    const store = makeCaseStore({ caseFormType: 1, isPregnancy: true });
    renderOnStore(<GyneSection />, store);
    expect(screen.queryByRole('heading', { name: 'Gynecological Conditions' })).toBeNull();
    act(() => store.change({ caseFormType: 2 }));
    expect(screen.getByRole('heading', { name: 'Gynecological Conditions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Gyne Procedures' })).toBeInTheDocument();
  });

  it('a malignant diagnosis asks its stage, starting at I', () => {
    const store = makeCaseStore({ caseFormType: 2, isGyne: true });
    renderOnStore(<GyneSection />, store);
    act(() => store.change({ gynecologicalDiagnosis: [{ conditionId: 1401, categoryId: 14 }] }));
    expect(store.getState().form.gynecologicalDiagnosis[0].gyneStage).toBe(1);
    expect(screen.getByRole('combobox', { name: /^Stage of / })).toBeInTheDocument();
  });

  it("Others asks for its free text", () => {
    const store = makeCaseStore({ caseFormType: 2, isGyne: true });
    const { container } = renderOnStore(<GyneSection />, store);
    act(() => store.change({ surgicalIntervention: 6 }));
    expect(fieldOf(container, 'surgicalInterventionOthers')).not.toBeNull();
    act(() => store.change({ isOthers: true }));
    expect(fieldOf(container, 'otherProcedure')).not.toBeNull();
  });
});

describe('Co-morbidities', () => {
  it('pregnancy complications show when pregnant and complicated; OB procedures for OB cases', () => {
    const store = makeCaseStore({ caseFormType: 1, isPregnancy: true, complicatedPregnancy: false });
    renderOnStore(<ComorbiditiesSection />, store);
    expect(screen.queryByRole('group', { name: 'Pregnancy Complications' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'OB Procedures' })).toBeInTheDocument();
    act(() => store.change({ complicatedPregnancy: true }));
    expect(screen.getByRole('group', { name: 'Pregnancy Complications' })).toBeInTheDocument();
  });
});
