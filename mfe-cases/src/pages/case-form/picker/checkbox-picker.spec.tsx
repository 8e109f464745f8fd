import { useMemo, useState } from 'react';
import { act, screen, within } from '@testing-library/react';
import { HistoryListField } from '../fields/history-list-field.js';
import { CheckboxPicker } from './checkbox-picker.js';
import { PickerContext, type PickerField } from './picker.context.js';
import { makeCaseStore, renderOnStore } from '../case-form.test-helpers.js';

/** The list field and the sidebar picker, wired as the form wires them. */
function Harness({ path }: { path: PickerField }) {
  const [field, setField] = useState<PickerField | null>(null);
  const control = useMemo(() => ({ field, open: (f: PickerField) => setField(f), close: () => setField(null) }), [field]);
  return (
    <PickerContext.Provider value={control}>
      <aside>{field ? <CheckboxPicker field={field} onBack={control.close} /> : <p>navigation</p>}</aside>
      <HistoryListField path={path} />
    </PickerContext.Provider>
  );
}

describe('the sidebar checkbox picker (SPEC.md §2)', () => {
  it('searches by substring, ticks entries into the list, and goes back with the back button', async () => {
    const store = makeCaseStore();
    const { user } = renderOnStore(<Harness path="medicalHistory" />, store);
    await user.click(screen.getByRole('button', { name: 'Choose Past Medical Conditions' }));
    const picker = screen.getByRole('region', { name: 'Past Medical Conditions' });
    expect(screen.getByLabelText('Search Past Medical Conditions')).toHaveFocus();
    await user.type(screen.getByLabelText('Search Past Medical Conditions'), 'HYPERTENSION');
    expect(within(picker).getByLabelText('Chronic hypertension')).toBeInTheDocument();
    expect(within(picker).queryByLabelText('Rheumatic heart disease')).toBeNull();
    await user.click(within(picker).getByLabelText('Chronic hypertension'));
    expect(store.getState().form.medicalHistory).toEqual([{ conditionId: 101, categoryId: 1, others: null }]);
    await user.click(within(picker).getByRole('button', { name: 'Back to the form navigation' }));
    expect(screen.getByText('navigation')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Chosen: Past Medical Conditions' })).toHaveTextContent('Chronic hypertension');
  });

  it("offers 'Others' with its free text, and shows phased-out entries disabled with '(PHASED OUT)'", async () => {
    const store = makeCaseStore({ caseFormType: 2, isGyne: true });
    const { user } = renderOnStore(<Harness path="gynecologicalDiagnosis" />, store);
    await user.click(screen.getByRole('button', { name: 'Choose Gynecologic Diagnosis' }));
    const picker = screen.getByRole('region', { name: 'Gynecologic Diagnosis' });
    expect(within(picker).getByLabelText('Complex hyperplasia with atypia (PHASED OUT)')).toBeDisabled();
    await user.type(screen.getByLabelText('Search Gynecologic Diagnosis'), 'others');
    await user.click(within(picker).getByLabelText('Others'));
    await user.type(within(picker).getByLabelText('Specify histopath diagnosis'), 'Struma ovarii');
    expect(store.getState().form.gynecologicalDiagnosis).toEqual([
      { conditionId: 999999, categoryId: 50, gyneStage: 6, othersField: 'Struma ovarii' },
    ]);
  });

  it('Escape goes back too, and a removed entry leaves the list', async () => {
    const store = makeCaseStore({ obstetricHistory: [{ conditionId: 101, categoryId: 1 }] });
    const { user } = renderOnStore(<Harness path="obstetricHistory" />, store);
    await user.click(screen.getByRole('button', { name: 'Choose Obstetric History' }));
    await user.keyboard('{Escape}');
    expect(screen.getByText('navigation')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove One previous caesarean section' }));
    expect(store.getState().form.obstetricHistory).toEqual([]);
  });

  it('a closed case offers no picker: nothing can be ticked', async () => {
    const store = makeCaseStore();
    renderOnStore(<Harness path="medicalHistory" />, store, true);
    expect(screen.queryByRole('button', { name: 'Choose Past Medical Conditions' })).not.toBeInTheDocument();
    act(() => undefined);
  });
});
