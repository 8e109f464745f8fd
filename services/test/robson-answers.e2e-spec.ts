import type { CaseForm, ErrorEnvelope } from '@pnss/libs/api';
import { closableObBody, createCase, createPatient, nextCaseNum } from './support/patient-cases.js';
import { useTestApp } from './support/use-test-app.js';

/**
 * The three Robson answers of a delivery (issue 28) through the API: the server checks their type,
 * their consistency with the rest of the delivery and the close rule exactly as the form does
 * (libs caseSaveErrors, validateCloseCase), and prefills what the other answers already say.
 */
describe('previous caesarean sections, onset of labor and presentation: validated and refused by the server as by the form', () => {
  const { t, admin, get, post, put } = useTestApp();
  let patientId: string;

  beforeAll(async () => {
    patientId = (await createPatient(t, admin))._id;
  });

  const postCase = (body: object) => post(`/api/patients/${patientId}/cases`, body);
  const errorsOf = (body: unknown) => ((body as ErrorEnvelope).errors ?? []).map((e) => [e.field, e.message]);
  const vaginal = { deliveryManner: 2, primaryRepeat: null, incision: null, CSBilateralSalpingectomy: null, CSBTL: null, deliveryIndication: [] };

  it('a value of the wrong kind or outside its list is a 400 naming the field', async () => {
    const res = await postCase(closableObBody(nextCaseNum(), { previousCaesareans: 11, laborOnset: 4, fetalPresentation: 0 })).expect(400);
    expect(errorsOf(res.body)).toEqual(expect.arrayContaining([
      ['previousCaesareans', 'Previous Caesarean Sections must be between 0 and 10'],
      ['laborOnset', expect.stringMatching(/^Onset of Labor/)],
      ['fetalPresentation', expect.stringMatching(/^Presentation or Lie/)],
    ]));
    const text = await postCase(closableObBody(nextCaseNum(), { previousCaesareans: 1.5 as unknown as number })).expect(400);
    expect(errorsOf(text.body)).toContainEqual(['previousCaesareans', 'Previous Caesarean Sections must be a whole number']);
  });

  it('inconsistent answers are refused on both fields, in words, and nothing is written', async () => {
    const repeat = await postCase(closableObBody(nextCaseNum(), { primaryRepeat: 2, previousCaesareans: 0 })).expect(400);
    expect(errorsOf(repeat.body)).toEqual([
      ['previousCaesareans', 'A repeat caesarean section (Primary/Repeat CS) means at least 1 previous caesarean section'],
      ['primaryRepeat', 'A repeat caesarean section needs at least 1 previous caesarean section; Previous Caesarean Sections is 0'],
    ]);
    const created = await createCase(t, admin, patientId, closableObBody(nextCaseNum(), { ...vaginal, laborOnset: 1, fetalPresentation: 1 }));
    const path = `/api/patients/${patientId}/cases/${created._id}`;
    const breech = await put(path, { version: created.version, deliveryManner: 3 }).expect(400);
    expect(errorsOf(breech.body)).toEqual([
      ['fetalPresentation', "'Spontaneous Breech Delivery' (Manner of Delivery) means a breech presentation"],
      ['deliveryManner', "'Spontaneous Breech Delivery' does not agree with Presentation or Lie 'Cephalic'"],
    ]);
    const induced = await put(path, { version: created.version, isInduced: true, inducedIndication: 1, inducedMethod: 1, inducedComplication: 6 }).expect(400);
    expect(errorsOf(induced.body).map(([field]) => field)).toEqual(['laborOnset', 'isInduced']);
    const stored = (await get(path).expect(200)).body as CaseForm;
    expect([stored.version, stored.deliveryManner, stored.isInduced, stored.laborOnset]).toEqual([created.version, 2, false, 1]);
  });

  it('the answers the others already give are prefilled by the server on an open case', async () => {
    const created = await createCase(t, admin, patientId, closableObBody(nextCaseNum(), {
      ...vaginal, deliveryManner: 4, isInduced: true, inducedIndication: 1, inducedMethod: 1, inducedComplication: 6,
      previousCaesareans: null, laborOnset: null, fetalPresentation: null,
    }));
    expect([created.previousCaesareans, created.laborOnset, created.fetalPresentation]).toEqual([null, 2, 2]);
  });

  it("a delivered case without them cannot close: 422 naming each as 'required'; with them it closes", async () => {
    const created = await createCase(t, admin, patientId, closableObBody(nextCaseNum(), {
      ...vaginal, deliveryManner: 5, deliveryIndication: [501], previousCaesareans: null, laborOnset: null, fetalPresentation: null,
    }));
    const path = `/api/patients/${patientId}/cases/${created._id}`;
    const refused = await put(`${path}/close`, { version: created.version }).expect(422);
    expect(errorsOf(refused.body)).toEqual([['previousCaesareans', 'required'], ['laborOnset', 'required'], ['fetalPresentation', 'required']]);
    const saved = (await put(path, { version: created.version, previousCaesareans: 1, laborOnset: 1, fetalPresentation: 1 }).expect(200)).body as CaseForm;
    await put(`${path}/close`, { version: saved.version }).expect(200);
  });
});
