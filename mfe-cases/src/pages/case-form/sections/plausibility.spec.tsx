import { act, within } from '@testing-library/react';
import { AdmissionSection } from './admission.section.js';
import { ObScoreSection } from './ob-score.section.js';
import { fieldOf, makeCaseStore, renderOnStore } from '../case-form.test-helpers.js';

describe('impossible values are stopped where they are typed (issue 14 item 5, libs plausibility)', () => {
  it("a number field refuses text that is not a number with 'Invalid Value' while typing, and never calls it 'required' later", async () => {
    const store = makeCaseStore();
    const { user, container } = renderOnStore(<AdmissionSection />, store);
    const weight = within(fieldOf(container, 'weight')!);
    await user.type(weight.getByRole('textbox'), '6o.5');
    expect(weight.getByText('Invalid Value')).toBeInTheDocument();
    await user.tab();
    expect(weight.getByText('Invalid Value')).toBeInTheDocument();
    expect(weight.queryByText('required')).not.toBeInTheDocument();
    // The close dialog lists it the same way, and a save is refused.
    expect(store.saveErrors().find((e) => e.field === 'weight')?.message).toBe('Invalid Value');
    act(() => store.reveal());
    expect(weight.getByText('Invalid Value')).toBeInTheDocument();
  });

  it('a height typed in metres (1.55) is an error once the field is left, naming the limits', async () => {
    const store = makeCaseStore();
    const { user, container } = renderOnStore(<AdmissionSection />, store);
    const height = within(fieldOf(container, 'height')!);
    await user.type(height.getByRole('textbox'), '1.55');
    await user.tab();
    expect(height.getByText(/must be between 100 and 230/)).toBeInTheDocument();
    expect(store.saveErrors().map((e) => e.field)).toContain('height');
  });

  it('shows the limits next to each number field', () => {
    const { container } = renderOnStore(<AdmissionSection />, makeCaseStore());
    expect(within(fieldOf(container, 'height')!).getByText('100–230 cm')).toBeInTheDocument();
    expect(within(fieldOf(container, 'weight')!).getByText('25–300 kg')).toBeInTheDocument();
  });

  it('checks the OB score: P equals FT + Pr', async () => {
    const store = makeCaseStore();
    const { user, container } = renderOnStore(<ObScoreSection />, store);
    for (const [path, value] of [['obscoreFT', '1'], ['obscorePr', '1'], ['obscoreP', '3']] as const) {
      await user.type(within(fieldOf(container, path)!).getByRole('textbox'), value);
      await user.tab();
    }
    expect(within(fieldOf(container, 'obscoreP')!).getByText(/P must equal FT \+ Pr/)).toBeInTheDocument();
  });

  it('a BMI above 60 is saved only after the user confirms it', () => {
    const store = makeCaseStore();
    store.change({ weight: 150, height: 150 });
    expect(store.unconfirmedWarnings().map((w) => w.field)).toEqual(['bmi']);
    expect(store.unconfirmedWarnings(['bmi'])).toEqual([]);
  });
});
