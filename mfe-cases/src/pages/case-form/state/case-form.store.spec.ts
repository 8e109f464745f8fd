import { applyCaseChange } from '@pnss/libs/rules';
import { closableCase, makeCaseStore, TEST_BIRTH_DATE } from '../case-form.test-helpers.js';

describe('the case form store', () => {
  it('every change goes through the libs dependency function: the form equals applyCaseChange of the patch', () => {
    const store = makeCaseStore({ caseFormType: 1, isPregnancy: true, pregnancyType: 1 });
    const before = store.getState().form;
    store.change({ isPostpartum: true });
    expect(store.getState().form).toEqual(applyCaseChange(before, { isPostpartum: true }, { patientBirthDate: TEST_BIRTH_DATE }));
    expect(store.getState().form.isDelivered).toBe(true);
  });

  it('flags the sections that fail the close check, and none for a closable case', () => {
    expect([...makeCaseStore().getState().failingSections].sort()).toEqual(['Admission', 'Discharge', 'MIGS Information', 'Obstetric History']);
    expect([...makeCaseStore(closableCase()).getState().failingSections]).toEqual([]);
  });

  it('knows when there are unsaved edits, and loses them only on a load', () => {
    const store = makeCaseStore(closableCase());
    expect(store.getState().dirty).toBe(false);
    store.change({ room: '9' });
    expect(store.getState().dirty).toBe(true);
    store.change({ room: null });
    expect(store.getState().dirty).toBe(false);
  });

  it("absorbs a state change made on the server while keeping the user's edits, and refuses someone else's edits", () => {
    const store = makeCaseStore(closableCase({ version: 3 }));
    store.change({ room: '9' });
    expect(store.absorb(closableCase({ version: 4, isArchived: true }))).toBe('loaded');
    expect(store.getState().form.room).toBe('9');
    expect(store.getState().form.version).toBe(4);
    expect(store.absorb(closableCase({ version: 5, isArchived: true, weight: 80 }))).toBe('conflict');
    expect(store.getState().form.weight).toBe(65);
  });

  it('a draft made on an older version keeps that version, so its save meets the conflict dialog', () => {
    const store = makeCaseStore(closableCase({ version: 6 }));
    store.restore(closableCase({ version: 6 }), closableCase({ version: 4, room: 'draft' }), 4);
    expect(store.getState().form.version).toBe(4);
    expect(store.getState().form.room).toBe('draft');
  });

  it("takes the server's copy that holds exactly the user's unsaved edits as saved (issue 32: a queued save sent since, or one replayed after its answer was lost): no conflict with the user's own save", () => {
    const store = makeCaseStore(closableCase({ version: 3 }));
    store.change({ room: 'Delivery room 3' });
    expect(store.absorb(closableCase({ version: 4, room: 'Delivery room 3' }))).toBe('loaded');
    expect(store.getState().dirty).toBe(false);
    expect(store.getState().saved.version).toBe(4);
    expect(store.getState().form.version).toBe(4);
  });

  it('a case made on the device follows the server copy the queue made of it: its id, its version, and the edits made since', () => {
    const store = makeCaseStore(closableCase({ _id: 'local-1', version: 1 }));
    store.change({ room: 'bed 4' });
    store.follow(closableCase({ _id: 'c7', version: 3 }));
    expect(store.getState().saved._id).toBe('c7');
    expect(store.getState().form).toMatchObject({ _id: 'c7', version: 3, room: 'bed 4' });
    expect(store.getState().dirty).toBe(true);
  });
});
