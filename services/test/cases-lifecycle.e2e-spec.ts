import type { CaseForm, ErrorEnvelope } from '@pnss/libs/api';
import { eq } from 'drizzle-orm';
import { patientCases } from '../src/database/patients.schema.js';
import { healthyInfant } from '@pnss/libs/testing';
import { type CaseBody, closableGyneBody, closableObBody, createCase, createPatient, nextCaseNum } from './support/patient-cases.js';
import { useTestApp } from './support/use-test-app.js';

const CLOSE_ALERT = 'Please fill out the following required fields correctly before closing the case :';

describe('the case lifecycle, enforced by the server (SPEC.md §4, §5)', () => {
  const { t, admin, get, put } = useTestApp();
  let patientId: string;

  beforeAll(async () => {
    patientId = (await createPatient(t, admin))._id;
  });

  const path = (c: CaseForm, action = '') => `/api/patients/${c.patientid}/cases/${c._id}${action ? `/${action}` : ''}`;
  const newCase = (form: CaseBody) => createCase(t, admin, patientId, form);
  const current = async (c: CaseForm) => (await get(path(c)).expect(200)).body as CaseForm;
  const closed = async (form: CaseBody) => {
    const c = await newCase(form);
    await put(path(c, 'close')).expect(200);
    return current(c);
  };

  describe('Close', () => {
    it('answers 422 with the alert and every failing field of an almost empty case, and changes nothing', async () => {
      const c = await newCase({ caseNum: nextCaseNum() });
      const res = await put(path(c, 'close'), { patientid: c.patientid, caseid: c._id }).expect(422);
      const body = res.body as ErrorEnvelope;
      expect(body.message).toBe(CLOSE_ALERT);
      expect(body.errors?.map((e) => e.field)).toEqual([
        'admissionDate', 'age', 'weight', 'height', 'caseFormType', 'pcosHistory',
        'obscoreG', 'obscoreP', 'obscoreFT', 'obscorePr', 'obscoreAb', 'obscoreLB',
        'MIGSSurgeon', 'MIGSAssist', 'dischargeDate', 'motherCondition',
      ]);
      expect(body.errors?.[0]).toEqual({ field: 'admissionDate', label: 'Admission Date', section: 'Admission', message: 'required' });
      expect(body.errors?.[12]).toEqual({ field: 'MIGSSurgeon', label: 'MIGS Surgeon', section: 'MIGS Information', message: 'required' });
      expect(await current(c)).toEqual(c);
    });

    it("closes a full valid OB case: 'Patient case has been successfully closed!'", async () => {
      const c = await newCase(closableObBody(nextCaseNum()));
      const res = await put(path(c, 'close'), { version: c.version }).expect(200);
      expect(res.body).toEqual({
        _id: c._id, patientid: c.patientid, isClose: true, isArchived: false, submissionId: null, version: 2,
        message: 'Patient case has been successfully closed!',
      });
      expect(await current(c)).toEqual({ ...c, isClose: true, version: 2, updatedAt: expect.any(String) });
    });

    it('closes a full valid gyne case', async () => {
      const c = await newCase(closableGyneBody(nextCaseNum()));
      await put(path(c, 'close')).expect(200);
      expect((await current(c)).isClose).toBe(true);
    });

    it('closes a twin delivery with a complete record for each infant', async () => {
      const c = await newCase(
        closableObBody(nextCaseNum(), { pregnancyType: 2, isHeterotopic: false, infantsNumber: 2, neonatal: [healthyInfant(), healthyInfant()] }),
      );
      await put(path(c, 'close')).expect(200);
    });

    /** One rule broken at a time on a valid full case: the 422 names exactly that field. */
    const brokenRules: Array<[string, 'ob' | 'gyne', Partial<CaseForm>, Array<[string, string]>]> = [
      // Admission
      ['the weight is missing', 'ob', { weight: null }, [['weight', 'required']]],
      ['a history of PCOS has no symptoms', 'ob', { pcosHistory: true, pcosSymptoms: [] }, [['pcosSymptoms', 'required']]],
      ['a complicated pregnancy does not say whether the patient returned to OR', 'ob', { complicatedPregnancy: true }, [['returnToOR', 'required']]],
      ['an exact AOG has no weeks', 'ob', { admissionWeeks: null }, [['admissionWeeks', 'required']]],
      ['a multiple pregnancy does not say whether it is heterotopic', 'ob',
        { pregnancyType: 2, infantsNumber: 2, neonatal: [healthyInfant(), healthyInfant()] }, [['isHeterotopic', 'required']]],
      ['a delivered patient has no TOLAC answer', 'ob', { isTOLAC: null }, [['isTOLAC', 'required']]],
      // Obstetric score
      ['OB score G is missing', 'ob', { obscoreG: null }, [['obscoreG', 'required']]],
      ['OB score LB of a gyne case is missing', 'gyne', { obscoreLB: null }, [['obscoreLB', 'required']]],
      // Delivery
      ['the delivery date is missing', 'ob', { deliveryDate: null }, [['deliveryDate', 'required']]],
      ['a caesarean section has no incision', 'ob', { incision: null }, [['incision', 'required']]],
      ['a caesarean section has no indication', 'ob', { deliveryIndication: [] }, [['deliveryIndication', 'required']]],
      ['an induced labor has no indication for induction', 'ob', { isInduced: true, inducedMethod: 1, inducedComplication: 6 }, [['inducedIndication', 'required']]],
      ['a delivery manner is set without morbidities', 'ob', { morbidities: [] }, [['morbidities', 'required']]],
      ['an infant has no Apgar at 5 minutes', 'ob', { neonatal: [healthyInfant({ apgar5m: null })] }, [['neonatal[0].apgar5m', 'required']]],
      ['an infant with anomalies does not name them', 'ob', { neonatal: [healthyInfant({ anomalies: true })] }, [['neonatal[0].anomalyOthers', 'required']]],
      ['a neonatal death has no specific cause', 'ob',
        { neonatal: [healthyInfant({ status: 2, causeofdeath: 1 })], deathReviewed: true }, [['neonatal[0].specificcause', 'required']]],
      // Gynecological conditions
      ['a gyne case has no gynecologic diagnosis', 'gyne', { gynecologicalDiagnosis: [] }, [['gynecologicalDiagnosis', 'required']]],
      // MIGS
      ['the MIGS surgeon is not answered', 'ob', { MIGSSurgeon: null }, [['MIGSSurgeon', 'required']]],
      ['a FELLOW surgeon is neither PSGE nor PSRM', 'gyne', { MIGSSurgeonPSGE: false }, [['MIGSSurgeonPSGE', 'required']]],
      // Discharge
      ['the discharge date of a gyne case is missing', 'gyne', { dischargeDate: null }, [['dischargeDate', 'required']]],
      ['the mother condition is missing', 'ob', { motherCondition: null }, [['motherCondition', 'required']]],
      ['a maternal death has no death timing', 'ob',
        { motherCondition: 3, antecedent: 1, antecedentType: 11, deathReviewed: true }, [['deathTiming', 'required']]],
      ['a maternal death is not marked reviewed', 'gyne',
        { motherCondition: 3, antecedent: 1, antecedentType: 11, deathTiming: 3 }, [['deathReviewed', 'required']]],
    ];

    it.each(brokenRules)('refuses to close when %s, naming exactly that field', async (_rule, kind, overrides, expected) => {
      const caseNum = nextCaseNum();
      const c = await newCase(kind === 'ob' ? closableObBody(caseNum, overrides) : closableGyneBody(caseNum, overrides));
      const res = await put(path(c, 'close')).expect(422);
      const body = res.body as ErrorEnvelope;
      expect(body.message).toBe(CLOSE_ALERT);
      expect(body.errors?.map((e) => [e.field, e.message])).toEqual(expected);
      expect(body.errors?.every((e) => typeof e.label === 'string' && typeof e.section === 'string')).toBe(true);
      expect((await current(c)).isClose).toBe(false);
    });

    it('labels an infant field with its infant number and the Delivery section', async () => {
      const c = await newCase(closableObBody(nextCaseNum(), { neonatal: [healthyInfant({ apgar1m: null })] }));
      const res = await put(path(c, 'close')).expect(422);
      expect((res.body as ErrorEnvelope).errors).toEqual([
        { field: 'neonatal[0].apgar1m', label: 'Infant 1: Apgar 1 m', section: 'Delivery', message: 'required' },
      ]);
    });
  });

  describe('refusals (409), each with a message a clinician understands, changing nothing', () => {
    it('refuses any edit of a closed case', async () => {
      const c = await closed(closableObBody(nextCaseNum()));
      const res = await put(path(c), { version: c.version, room: '7' }).expect(409);
      expect((res.body as ErrorEnvelope).message).toBe('This case is closed and can no longer be edited. Reopen it to make changes.');
      const info = await t.http.put(`/api/patientcases/${c._id}`).set('Authorization', admin.authorization).send({ caseNum: 'NEW-1', version: c.version }).expect(409);
      expect((info.body as ErrorEnvelope).message).toMatch(/closed/);
      expect(await current(c)).toEqual(c);
    });

    it('refuses to close a closed case, and to close an archived one', async () => {
      const c = await closed(closableObBody(nextCaseNum()));
      await put(path(c, 'close')).expect(409, { statusCode: 409, message: 'This case is already closed.' });
      const archived = await newCase(closableObBody(nextCaseNum()));
      await put(path(archived, 'archive')).expect(200);
      await put(path(archived, 'close')).expect(409, { statusCode: 409, message: 'This case is archived. Unarchive it before closing it.' });
      expect((await current(archived)).isClose).toBe(false);
    });

    it("reopens only a closed case: 'Patient case has been successfully Open!'", async () => {
      const open = await newCase({ caseNum: nextCaseNum() });
      await put(path(open, 'reopen')).expect(409, { statusCode: 409, message: 'This case is already open: only a closed case can be reopened.' });
      const c = await closed(closableObBody(nextCaseNum()));
      const res = await put(path(c, 'reopen'), { patientid: c.patientid, caseid: c._id, version: c.version }).expect(200);
      expect(res.body).toEqual({
        _id: c._id, patientid: c.patientid, isClose: false, isArchived: false, submissionId: null, version: c.version + 1,
        message: 'Patient case has been successfully Open!',
      });
      await put(path(c), { version: c.version + 1, room: 'after reopening' }).expect(200);
    });

    it('refuses to reopen a case submitted in a census package', async () => {
      const c = await closed(closableObBody(nextCaseNum()));
      await t.database.db.update(patientCases).set({ submissionId: 'PKG-2026-001' }).where(eq(patientCases.id, c._id as string));
      await put(path(c, 'reopen')).expect(409, {
        statusCode: 409, message: 'This case has been submitted in a census package and can no longer be reopened.',
      });
      expect((await current(c)).isClose).toBe(true);
    });

    it('refuses to edit or archive a submitted case: no screen offers it and the server agrees (caseActions)', async () => {
      const c = await closed(closableObBody(nextCaseNum()));
      await t.database.db.update(patientCases).set({ submissionId: 'PKG-2026-002' }).where(eq(patientCases.id, c._id as string));
      await put(path(c), { version: c.version, room: 'after submission' }).expect(409);
      await put(path(c, 'archive')).expect(409);
      expect(await current(c)).toMatchObject({ isClose: true, submissionId: 'PKG-2026-002', room: c.room });
    });

    it('refuses to close a case holding an impossible value stored before the plausibility limits: 400 naming the field', async () => {
      const c = await newCase(closableObBody(nextCaseNum()));
      const row = (await t.database.db.select().from(patientCases).where(eq(patientCases.id, c._id as string)))[0];
      await t.database.db.update(patientCases).set({ form: { ...row?.form, height: 1.55 } }).where(eq(patientCases.id, c._id as string));
      const res = await put(path(c, 'close')).expect(400);
      expect((res.body as ErrorEnvelope).errors).toEqual([
        { field: 'height', label: 'Height (cm)', section: 'Admission', message: 'Height (cm) must be between 100 and 230' },
      ]);
      expect((await current(c)).isClose).toBe(false);
    });

    it("archives only an open case that is not archived, and unarchives only an archived one", async () => {
      const c = await newCase({ caseNum: nextCaseNum() });
      await put(path(c, 'unarchive')).expect(409, { statusCode: 409, message: 'This case is not archived.' });
      const archived = await put(path(c, 'archive')).expect(200);
      expect(archived.body).toMatchObject({ isArchived: true, message: 'Case archived successfully', version: 2 });
      await put(path(c, 'archive')).expect(409, { statusCode: 409, message: 'This case is already archived.' });
      const restored = await put(path(c, 'unarchive')).expect(200);
      expect(restored.body).toMatchObject({ isArchived: false, message: 'Case unarchived successfully', version: 3 });

      const closedCase = await closed(closableGyneBody(nextCaseNum()));
      await put(path(closedCase, 'archive')).expect(409, { statusCode: 409, message: 'A closed case cannot be archived. Reopen it first.' });
      expect(await current(closedCase)).toEqual(closedCase);
    });

    it('refuses a state change on a stale version with the newer case', async () => {
      const c = await newCase(closableObBody(nextCaseNum()));
      await put(path(c), { version: 1, room: '2' }).expect(200);
      const res = await put(path(c, 'close'), { version: 1 }).expect(409);
      expect(res.body).toMatchObject({ current: { _id: c._id, room: '2', version: 2, isClose: false } });
    });

    it('refuses a body naming another case, and unknown fields', async () => {
      const c = await newCase({ caseNum: nextCaseNum() });
      const res = await put(path(c, 'archive'), { caseid: '00000000-0000-4000-8000-000000000000' }).expect(400);
      expect((res.body as ErrorEnvelope).errors).toEqual([{ field: 'caseid', message: 'caseid does not match the case of the address' }]);
      await put(path(c, 'archive'), { force: true }).expect(400);
      expect((await current(c)).isArchived).toBe(false);
    });
  });
});
