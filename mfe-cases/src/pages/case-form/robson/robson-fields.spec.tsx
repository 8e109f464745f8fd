import { act, screen, within } from '@testing-library/react';
import { DeliverySection } from '../sections/delivery.section.js';
import { closableCase, fieldOf, makeCaseStore, renderOnStore } from '../case-form.test-helpers.js';

const delivered = { caseFormType: 1, isPregnancy: true, pregnancyType: 1, isPostpartum: false, isDelivered: true, isTOLAC: false } as const;

describe('Robson classification in the Delivery section (issue 28)', () => {
  it('asks the previous caesarean sections, the onset of labor and the presentation or lie of every delivery, labelled', () => {
    const store = makeCaseStore({ ...delivered });
    const { container } = renderOnStore(<DeliverySection />, store);
    for (const field of ['previousCaesareans', 'laborOnset', 'fetalPresentation']) expect(fieldOf(container, field)).not.toBeNull();
    expect(screen.getByRole('textbox', { name: /Previous Caesarean Sections/ })).toBeInTheDocument();
    const onset = screen.getByRole('radiogroup', { name: 'Onset of Labor' });
    expect(within(onset).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'Spontaneous', 'Induced', 'No labor (caesarean before labor)',
    ]);
    expect(within(screen.getByRole('radiogroup', { name: 'Presentation or Lie' })).getAllByRole('radio')).toHaveLength(3);
  });

  it('shows the group with its reason as the answers are given, read-only', async () => {
    const store = makeCaseStore(closableCase({ obscoreP: 1, isInduced: true, inducedIndication: 1, inducedMethod: 1, inducedComplication: 6, previousCaesareans: null, laborOnset: null, fetalPresentation: null, deliveryManner: 2, primaryRepeat: null, incision: null, CSBilateralSalpingectomy: null, CSBTL: null, deliveryIndication: [] }));
    const { user } = renderOnStore(<DeliverySection />, store);
    const status = screen.getByRole('status', { name: 'Robson group' });
    // Induction and a spontaneous cephalic delivery already say the onset and the presentation (prefilled).
    expect(status).toHaveTextContent('Not classifiable');
    await user.click(within(status).getByRole('button', { name: 'Previous Caesarean Sections' }));
    expect(screen.getByRole('textbox', { name: /Previous Caesarean Sections/ })).toHaveFocus();
    await user.keyboard('0');
    expect(status).toHaveTextContent('Group 4a');
    expect(status).toHaveTextContent('Multiparous, no previous CS, single cephalic, 37+ weeks, induced: group 4a');
    expect(within(status).queryByRole('textbox')).toBeNull();
  });

  it('a contradiction is said on both fields as it is answered', async () => {
    const store = makeCaseStore(closableCase({ primaryRepeat: 2, previousCaesareans: 1 }));
    const { user, container } = renderOnStore(<DeliverySection />, store);
    const input = screen.getByRole('textbox', { name: /Previous Caesarean Sections/ });
    await user.clear(input);
    await user.type(input, '0');
    await user.tab();
    act(() => store.reveal());
    expect(fieldOf(container, 'previousCaesareans')).toHaveTextContent('A repeat caesarean section (Primary/Repeat CS) means at least 1 previous caesarean section');
    expect(fieldOf(container, 'primaryRepeat')).toHaveTextContent('A repeat caesarean section needs at least 1 previous caesarean section; Previous Caesarean Sections is 0');
  });

  it('an existing closed case without the answers reads not classifiable, with what is missing', () => {
    const store = makeCaseStore(closableCase({ isClose: true, previousCaesareans: null, laborOnset: null, fetalPresentation: null }));
    renderOnStore(<DeliverySection />, store, true);
    const status = screen.getByRole('status', { name: 'Robson group' });
    expect(status).toHaveTextContent('Not classifiable');
    expect(status).toHaveTextContent('Missing: Presentation or Lie, Previous Caesarean Sections, Onset of Labor');
    expect(within(status).queryByRole('button')).toBeNull();
  });
});
