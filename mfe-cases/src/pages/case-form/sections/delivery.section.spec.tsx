import { act, screen, within } from '@testing-library/react';
import { DELIVERY_MANNERS } from '@pnss/libs/enums';
import { DeliverySection } from './delivery.section.js';
import { fieldOf, makeCaseStore, renderOnStore } from '../case-form.test-helpers.js';

const delivered = { caseFormType: 1, isPregnancy: true, pregnancyType: 1, isPostpartum: false, isDelivered: true } as const;

async function openSelect(user: ReturnType<typeof renderOnStore>['user'], container: HTMLElement, path: string) {
  await user.click(within(fieldOf(container, path)!).getByRole('combobox'));
  return screen.findByRole('listbox');
}

/** The option labels of the open select popup. */
function optionLabels(): string[] {
  return Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.getAttribute('title') ?? o.textContent ?? '');
}

describe('Delivery section (SPEC.md §2, §4)', () => {
  it('is shown only when delivered', () => {
    const store = makeCaseStore({ ...delivered, isDelivered: false });
    const { container } = renderOnStore(<DeliverySection />, store);
    expect(container.querySelector('#cf-section-delivery')).toBeNull();
    act(() => store.change({ isDelivered: true }));
    expect(container.querySelector('#cf-section-delivery')).not.toBeNull();
  });

  it('the manner is asked once TOLAC is answered, and TOLAC yes narrows the manner list to 1, 10, 11, 12', async () => {
    const store = makeCaseStore({ ...delivered });
    const { user, container } = renderOnStore(<DeliverySection />, store);
    expect(fieldOf(container, 'deliveryManner')).toBeNull();
    act(() => store.change({ isTOLAC: false }));
    await openSelect(user, container, 'deliveryManner');
    expect(optionLabels()).toHaveLength(DELIVERY_MANNERS.length);
    await user.keyboard('{Escape}');
    act(() => store.change({ isTOLAC: true }));
    await openSelect(user, container, 'deliveryManner');
    expect(optionLabels()).toEqual([
      'Caesarean Section', 'VBAC Spontaneous Vaginal Delivery', 'VBAC Forceps Extraction', 'VBAC Vacuum Extraction',
    ]);
  });

  it('TOLAC yes drops a manner outside the TOLAC set', () => {
    const store = makeCaseStore({ ...delivered, isTOLAC: false, deliveryManner: 2 });
    renderOnStore(<DeliverySection />, store);
    act(() => store.change({ isTOLAC: true }));
    expect(store.getState().form.deliveryManner).toBeNull();
  });

  it('a caesarean shows Primary/Repeat, Incision, Bilateral Salpingectomy, BTL and the indications', async () => {
    const store = makeCaseStore({ ...delivered, isTOLAC: false });
    const { user, container } = renderOnStore(<DeliverySection />, store);
    expect(fieldOf(container, 'primaryRepeat')).toBeNull();
    await openSelect(user, container, 'deliveryManner');
    await user.click(screen.getByTitle('Caesarean Section'));
    for (const field of ['primaryRepeat', 'incision', 'CSBilateralSalpingectomy', 'CSBTL', 'deliveryIndication']) {
      expect(fieldOf(container, field)).not.toBeNull();
    }
  });

  it('changing the manner clears the indications', () => {
    const store = makeCaseStore({ ...delivered, isTOLAC: false, deliveryManner: 1, deliveryIndication: [101] });
    renderOnStore(<DeliverySection />, store);
    act(() => store.change({ deliveryManner: 5 }));
    expect(store.getState().form.deliveryIndication).toEqual([]);
  });

  it('twins with a first manner other than caesarean get the second-twin set', async () => {
    const store = makeCaseStore({ ...delivered, pregnancyType: 2, isTOLAC: false, deliveryManner: 2 });
    const { container } = renderOnStore(<DeliverySection />, store);
    expect(screen.getByRole('group', { name: 'Second Twin' })).toBeInTheDocument();
    act(() => store.change({ deliveryManner2: 1 }));
    expect(fieldOf(container, 'primaryRepeat2')).not.toBeNull();
    expect(fieldOf(container, 'deliveryIndication2')).not.toBeNull();
    act(() => store.change({ deliveryManner: 1 }));
    expect(screen.queryByRole('group', { name: 'Second Twin' })).toBeNull();
    expect(store.getState().form.deliveryManner2).toBeNull();
  });

  it('the neonatal list has one record per infant; Others opens a number input from 6 to 20', async () => {
    const store = makeCaseStore({ ...delivered, pregnancyType: 2 });
    const { user, container } = renderOnStore(<DeliverySection />, store);
    expect(screen.getAllByRole('group', { name: /^Infant \d+$/ })).toHaveLength(2);
    await openSelect(user, container, 'infantsNumber');
    await user.click(screen.getByTitle('Others'));
    expect(store.getState().form.infantsNumber).toBe(6);
    const count = screen.getByLabelText('Number of infants (6 to 20)');
    await user.clear(count);
    await user.type(count, '8');
    expect(screen.getAllByRole('group', { name: /^Infant \d+$/ })).toHaveLength(8);
  });

  it('an infant who died shows cause of death and specific cause', async () => {
    const store = makeCaseStore({ ...delivered });
    const { container } = renderOnStore(<DeliverySection />, store);
    expect(fieldOf(container, 'neonatal[0].causeofdeath')).toBeNull();
    act(() => store.changeInfant(0, { status: 4 }));
    expect(fieldOf(container, 'neonatal[0].causeofdeath')).not.toBeNull();
    expect(fieldOf(container, 'neonatal[0].specificcause')).not.toBeNull();
    act(() => store.changeInfant(0, { anomalies: true }));
    expect(fieldOf(container, 'neonatal[0].anomalyOthers')).not.toBeNull();
  });

  it('the postpartum variant has no neonatal records and accepts an old delivery date', () => {
    const store = makeCaseStore({ ...delivered, isPostpartum: true, deliveryDate: '2019-05-05' });
    renderOnStore(<DeliverySection />, store);
    expect(screen.getByRole('heading', { name: 'Delivery (Postpartum)' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /^Infant \d+$/ })).toBeNull();
    expect(store.getState().errors.get('deliveryDate')).toBeUndefined();
  });
});
