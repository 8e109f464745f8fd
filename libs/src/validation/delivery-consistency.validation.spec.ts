import type { CaseForm } from '../api/case-form.js';
import { TODAY, closableObCase } from '../testing/case-fixtures.test-helpers.js';
import { applyCaseChange } from '../rules/case-dependencies.rules.js';
import { impliedDeliveryAnswers } from '../rules/implied-answers.rules.js';
import { caseSaveErrors } from './case-save.validation.js';
import { validateCloseCase } from './close-case.validation.js';
import { deliveryConsistencyErrors } from './delivery-consistency.validation.js';

const messages = (form: Partial<CaseForm>) => deliveryConsistencyErrors(form).map((e) => [e.field, e.message]);
const vaginal = { deliveryManner: 2, primaryRepeat: null, incision: null, CSBilateralSalpingectomy: null, CSBTL: null, deliveryIndication: [] };

describe('the Robson answers agree with the rest of the delivery, or the save is refused with words on both fields (issue 28)', () => {
  it.each([
    ['a repeat CS with 0 previous caesareans', { primaryRepeat: 2, previousCaesareans: 0, laborOnset: 3 }, [
      ['previousCaesareans', 'A repeat caesarean section (Primary/Repeat CS) means at least 1 previous caesarean section'],
      ['primaryRepeat', 'A repeat caesarean section needs at least 1 previous caesarean section; Previous Caesarean Sections is 0'],
    ]],
    ['a primary CS with 2 previous caesareans', { primaryRepeat: 1, previousCaesareans: 2 }, [
      ['previousCaesareans', 'A primary caesarean section (Primary/Repeat CS) is the first: previous caesarean sections must be 0'],
      ['primaryRepeat', 'A primary caesarean section is the first, but Previous Caesarean Sections records 2 previous caesarean sections'],
    ]],
    ['a VBAC manner with 0 previous caesareans', { ...vaginal, deliveryManner: 10, laborOnset: 1, previousCaesareans: 0 }, [
      ['previousCaesareans', "'VBAC Spontaneous Vaginal Delivery' (Manner of Delivery) is a birth after a caesarean: at least 1 previous caesarean section"],
      ['deliveryManner', 'A vaginal birth after caesarean needs at least 1 previous caesarean section; Previous Caesarean Sections is 0'],
    ]],
    ['TOLAC with 0 previous caesareans', { isTOLAC: true, primaryRepeat: 2, previousCaesareans: 0, laborOnset: 1 }, [
      ['previousCaesareans', 'A repeat caesarean section (Primary/Repeat CS) means at least 1 previous caesarean section'],
      ['primaryRepeat', 'A repeat caesarean section needs at least 1 previous caesarean section; Previous Caesarean Sections is 0'],
      ['previousCaesareans', 'A trial of labor after caesarean (Trial of Labor after Caesarean (TOLAC): YES) means at least 1 previous caesarean section'],
      ['isTOLAC', 'A trial of labor after caesarean needs at least 1 previous caesarean section; Previous Caesarean Sections is 0'],
    ]],
    ['a breech manner with a cephalic presentation', { ...vaginal, deliveryManner: 3, laborOnset: 1, fetalPresentation: 1 }, [
      ['fetalPresentation', "'Spontaneous Breech Delivery' (Manner of Delivery) means a breech presentation"],
      ['deliveryManner', "'Spontaneous Breech Delivery' does not agree with Presentation or Lie 'Cephalic'"],
    ]],
    ['a spontaneous cephalic delivery with a transverse lie', { ...vaginal, laborOnset: 1, fetalPresentation: 3 }, [
      ['fetalPresentation', "'Spontaneous Cephalic Delivery' (Manner of Delivery) means a cephalic presentation"],
      ['deliveryManner', "'Spontaneous Cephalic Delivery' does not agree with Presentation or Lie 'Transverse or oblique lie'"],
    ]],
    ['induced labor with a spontaneous onset', { ...vaginal, isInduced: true, inducedIndication: 1, inducedMethod: 1, inducedComplication: 6, laborOnset: 1 }, [
      ['laborOnset', "Labor was induced (Induced Labor: YES): the onset of labor is 'Induced'"],
      ['isInduced', "Induced labor does not agree with Onset of Labor 'Spontaneous'"],
    ]],
    ['an induced onset without induced labor', { ...vaginal, isInduced: false, laborOnset: 2 }, [
      ['laborOnset', 'An induced onset needs Induced Labor: YES'],
      ['isInduced', "Onset of Labor is 'Induced': labor was induced"],
    ]],
    ['no labor with a vaginal birth', { ...vaginal, laborOnset: 3 }, [
      ['laborOnset', "No labor means a caesarean section before labor, but Manner of Delivery is 'Spontaneous Cephalic Delivery'"],
      ['deliveryManner', "'Spontaneous Cephalic Delivery' does not agree with Onset of Labor 'No labor (caesarean before labor)'"],
    ]],
  ])('%s', (_what, overrides, expected) => {
    expect(messages(closableObCase(overrides as Partial<CaseForm>))).toEqual(expected);
    // The form and the server refuse the save through the one save check.
    const refused = caseSaveErrors(closableObCase(overrides as Partial<CaseForm>), { today: TODAY }).map((e) => e.field);
    for (const [field] of expected) expect(refused).toContain(field);
  });

  it('the second twin\'s repeat caesarean and VBAC manner count too', () => {
    const twins = closableObCase({
      pregnancyType: 2, infantsNumber: 2, ...vaginal, laborOnset: 1, previousCaesareans: 0,
      deliveryManner2: 1, primaryRepeat2: 2, incision2: 1, CSBilateralSalpingectomy2: false, CSBTL2: false, deliveryIndication2: [101],
    });
    expect(messages(twins).map(([field]) => field)).toEqual(['previousCaesareans', 'primaryRepeat2']);
  });

  it('agreeing answers pass, and a case recorded before the answers existed is never refused for them', () => {
    expect(messages(closableObCase())).toEqual([]);
    expect(messages(closableObCase({ primaryRepeat: 2, previousCaesareans: 1 }))).toEqual([]);
    expect(messages(closableObCase({ ...vaginal, deliveryManner: 10, previousCaesareans: 3, laborOnset: 1 }))).toEqual([]);
    expect(messages(closableObCase({ primaryRepeat: 2, previousCaesareans: null, laborOnset: null, fetalPresentation: null }))).toEqual([]);
    expect(messages(closableObCase({ ...vaginal, deliveryManner: 5, fetalPresentation: 2, laborOnset: 1 }))).toEqual([]);
  });
});

describe('the Robson answers are prefilled where the existing answers already say them', () => {
  it.each([
    ['a primary caesarean: 0 previous caesarean sections', { deliveryManner: 1, primaryRepeat: 1 }, { previousCaesareans: 0 }],
    ['a repeat caesarean says at least one, not how many: nothing', { deliveryManner: 1, primaryRepeat: 2 }, {}],
    ['induced labor: an induced onset', { isInduced: true }, { laborOnset: 2 }],
    ['a partial breech extraction: breech', { deliveryManner: 4 }, { fetalPresentation: 2 }],
    ['a vacuum extraction: cephalic', { deliveryManner: 6 }, { fetalPresentation: 1 }],
    ['a forceps extraction says nothing of the presentation', { deliveryManner: 5 }, {}],
  ])('%s', (_what, answers, implied) => {
    expect(impliedDeliveryAnswers(answers as Partial<CaseForm>)).toEqual(implied);
  });

  it('an open case gets them where empty, never over an answer; a closed case is left as it was closed', () => {
    const empty = { previousCaesareans: null, laborOnset: null, fetalPresentation: null };
    const open = applyCaseChange(closableObCase({ ...empty, ...vaginal, deliveryManner: 3 }), {});
    expect([open.previousCaesareans, open.laborOnset, open.fetalPresentation]).toEqual([null, null, 2]);
    const induced = applyCaseChange(closableObCase(empty), { isInduced: true, inducedIndication: 1, inducedMethod: 1, inducedComplication: 6 });
    expect([induced.previousCaesareans, induced.laborOnset]).toEqual([0, 2]);
    expect(applyCaseChange(closableObCase({ fetalPresentation: 3 }), { deliveryManner: 6 }).fetalPresentation).toBe(3);
    const closed = applyCaseChange(closableObCase({ ...empty, isClose: true }), {});
    expect([closed.previousCaesareans, closed.laborOnset, closed.fetalPresentation]).toEqual([null, null, null]);
  });
});

describe('the three answers are shown and required to close a delivered case', () => {
  const failing = (form: CaseForm) => validateCloseCase(applyCaseChange(form, {}), { today: TODAY }).map((e) => [e.field, e.message]);

  it("a delivered case without them cannot close: each is 'required'", () => {
    expect(failing(closableObCase({ ...vaginal, previousCaesareans: null, laborOnset: null, fetalPresentation: null }))).toEqual([
      ['previousCaesareans', 'required'], ['laborOnset', 'required'],
    ]);
    expect(failing(closableObCase({ ...vaginal, deliveryManner: 5, deliveryIndication: [501], previousCaesareans: null, laborOnset: null, fetalPresentation: null }))).toEqual([
      ['previousCaesareans', 'required'], ['laborOnset', 'required'], ['fetalPresentation', 'required'],
    ]);
  });

  it('the postpartum variant asks them too; a case not delivered neither shows nor asks them', () => {
    expect(failing(closableObCase({ isPostpartum: true, neonatal: [], previousCaesareans: 11 }))).toEqual([['previousCaesareans', 'Invalid Value']]);
    const pregnant = applyCaseChange(closableObCase({ isDelivered: false }), {});
    expect([pregnant.previousCaesareans, pregnant.laborOnset, pregnant.fetalPresentation]).toEqual([null, null, null]);
    expect(validateCloseCase(pregnant, { today: TODAY }).map((e) => e.field)).not.toContain('laborOnset');
  });
});
