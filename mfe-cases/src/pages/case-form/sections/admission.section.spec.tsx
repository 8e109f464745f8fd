import { act, screen, within } from '@testing-library/react';
import { AdmissionSection } from './admission.section.js';
import { fieldOf, makeCaseStore, renderOnStore } from '../case-form.test-helpers.js';

describe('Admission section (SPEC.md §2, §4)', () => {
  it('asks pregnancy questions only of an OB case: choosing OB shows them, GYNE hides them', async () => {
    const store = makeCaseStore();
    const { user, container } = renderOnStore(<AdmissionSection />, store);
    expect(fieldOf(container, 'pregnancyType')).toBeNull();
    await user.click(within(fieldOf(container, 'caseFormType')!).getByLabelText('OB'));
    expect(store.getState().form.isPregnancy).toBe(true);
    expect(fieldOf(container, 'pregnancyType')).not.toBeNull();
    await user.click(within(fieldOf(container, 'caseFormType')!).getByLabelText('GYNE'));
    expect(store.getState().form.isGyne).toBe(true);
    expect(fieldOf(container, 'pregnancyType')).toBeNull();
  });

  it('choosing postpartum forces delivered on and takes away the delivered question', async () => {
    const store = makeCaseStore({ caseFormType: 1, isPregnancy: true, pregnancyType: 1 });
    const { user, container } = renderOnStore(<AdmissionSection />, store);
    expect(fieldOf(container, 'isDelivered')).not.toBeNull();
    await user.click(within(fieldOf(container, 'isPostpartum')!).getByLabelText('YES'));
    expect(store.getState().form.isDelivered).toBe(true);
    expect(fieldOf(container, 'isDelivered')).toBeNull();
    // Delivered: TOLAC is asked.
    expect(fieldOf(container, 'isTOLAC')).not.toBeNull();
  });

  it("'Has patient delivered?' is offered only for a singleton or multiple pregnancy", async () => {
    const store = makeCaseStore({ caseFormType: 1, isPregnancy: true, pregnancyType: 1, isPostpartum: false });
    const { user, container } = renderOnStore(<AdmissionSection />, store);
    expect(fieldOf(container, 'isDelivered')).not.toBeNull();
    await user.click(within(fieldOf(container, 'pregnancyType')!).getByLabelText('Ectopic'));
    expect(fieldOf(container, 'isDelivered')).toBeNull();
    expect(fieldOf(container, 'ectopicType')).not.toBeNull();
    expect(fieldOf(container, 'abortionType')).toBeNull();
  });

  it('a molar pregnancy asks GTD Diagnosis and GTD Complication beside its molar type (SPEC.md §1: it is a GTD case)', async () => {
    const store = makeCaseStore({ caseFormType: 1, isPregnancy: true, pregnancyType: 1, isPostpartum: false });
    const { user, container } = renderOnStore(<AdmissionSection />, store);
    expect(fieldOf(container, 'gtdDiagnosis')).toBeNull();
    await user.click(within(fieldOf(container, 'pregnancyType')!).getByLabelText('Molar'));
    expect(fieldOf(container, 'molarType')).not.toBeNull();
    expect(fieldOf(container, 'gtdDiagnosis')).not.toBeNull();
    expect(fieldOf(container, 'gtdComplication')).not.toBeNull();
    act(() => store.change({ gtdDiagnosis: 2 }));
    expect(screen.getByLabelText('GTD Diagnosis')).toBeInTheDocument();
    expect(store.getState().form.gtdDiagnosis).toBe(2);
    await user.click(within(fieldOf(container, 'pregnancyType')!).getByLabelText('Singleton'));
    expect(fieldOf(container, 'gtdDiagnosis')).toBeNull();
    expect(store.getState().form.gtdDiagnosis).toBeNull();
  });

  it('an exact AOG asks weeks and days and computes the range; an estimated AOG asks the range', async () => {
    const store = makeCaseStore({ caseFormType: 1, isPregnancy: true });
    const { user, container } = renderOnStore(<AdmissionSection />, store);
    await user.click(within(fieldOf(container, 'admissionAOGType')!).getByLabelText('Exact'));
    await user.type(screen.getByLabelText('AOG on Admission (weeks)'), '34');
    expect(store.getState().form.admissionAOG).toBe(5);
    expect(screen.getByLabelText('AOG on Admission')).toHaveValue('33-36 weeks');
    await user.click(within(fieldOf(container, 'admissionAOGType')!).getByLabelText('Estimated'));
    expect(fieldOf(container, 'admissionWeeks')).toBeNull();
  });

  it('weight and height give the BMI to 2 decimals, and the admission date gives the age', async () => {
    const store = makeCaseStore();
    const { user } = renderOnStore(<AdmissionSection />, store);
    await user.type(screen.getByLabelText('Weight (kg)'), '65');
    await user.type(screen.getByLabelText('Height (cm)'), '160');
    expect(screen.getByLabelText('BMI')).toHaveValue('25.39');
    act(() => store.change({ admissionDate: '2026-11-10' }));
    expect(store.getState().form.age).toBe(31);
  });

  it("a field shows its problem once the user leaves it: red border, 'required', the weight limit or 'Invalid Value', announced with its limit hint", async () => {
    const store = makeCaseStore();
    const { user } = renderOnStore(<AdmissionSection />, store);
    const weight = screen.getByLabelText('Weight (kg)');
    expect(weight).not.toHaveAttribute('aria-invalid');
    await user.click(weight);
    await user.tab();
    expect(weight).toHaveAttribute('aria-invalid', 'true');
    // aria-describedby names the problem first, then the hint that shows the field's limits.
    const [messageId, hintId] = weight.getAttribute('aria-describedby')!.split(' ');
    const message = document.getElementById(messageId);
    expect(document.getElementById(hintId)).not.toBeNull();
    expect(message).toHaveTextContent('required');
    expect(message).toHaveAttribute('role', 'alert');
    // A number outside the hard limit (libs plausibility, weight 25-300 kg) names the limit.
    await user.type(weight, '-3');
    await user.tab();
    expect(message).toHaveTextContent('Weight (kg) must be between 25 and 300');
    // Text that is not a number is 'Invalid Value' (SPEC.md §8).
    await user.clear(weight);
    await user.type(weight, '6o.5');
    await user.tab();
    expect(message).toHaveTextContent('Invalid Value');
  });

  it("a future admission date reads 'Cannot be a future date'", async () => {
    const store = makeCaseStore({ admissionDate: '2026-12-01' });
    renderOnStore(<AdmissionSection />, store);
    act(() => store.touch('admissionDate'));
    expect(await screen.findByText('Cannot be a future date')).toBeInTheDocument();
  });
});
