import type { CaseForm, CaseInfoAnswer, ErrorEnvelope, Paged, Patient, PatientListItem } from '@pnss/libs/api';
import { randomUUID } from 'node:crypto';
import { closableObBody, createPatient, nextCaseNum, yearsAgo } from './support/patient-cases.js';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { useTestApp } from './support/use-test-app.js';

const REUSED = 'This Idempotency-Key was already used for a different request. Send a new key for a new record.';
const CASE_CHANGED = 'This case was changed by someone else since you opened it. Review their changes before saving.';

/**
 * Issue 32: a ward's connection drops mid-request, or the offline queue replays a create whose answer
 * was lost. A create sent again with the same Idempotency-Key answers the record the first one made
 * and never creates a second patient or case.
 */
describe('idempotent creates (issue 32: a replay after a lost answer never creates a second record)', () => {
  const { t, admin, get, post, put } = useTestApp();
  const postWithKey = (path: string, body: object, key: string) =>
    t.http.post(path).set('Authorization', admin.authorization).set('Idempotency-Key', key).send(body);

  const patientsNamed = async (lastName: string) =>
    ((await get(`/api/patients?search=${encodeURIComponent(lastName)}`).expect(200)).body as Paged<PatientListItem>).items;

  describe('POST /api/patients', () => {
    it('a replay with the same key answers the patient the first request made, and there is one patient', async () => {
      const key = randomUUID();
      const body = { firstName: 'Rosa', lastName: 'Idemlast', birthDate: yearsAgo(31) };
      const first = (await postWithKey('/api/patients', body, key).expect(201)).body as Patient;
      const again = (await postWithKey('/api/patients', body, key).expect(201)).body as Patient;
      expect(again).toEqual(first);
      expect((await patientsNamed('Idemlast')).map((p) => p._id)).toEqual([first._id]);
    });

    it('copies arriving together create one patient: the second waits for the first and answers it', async () => {
      const key = randomUUID();
      const body = { firstName: 'Lorna', lastName: 'Togetherlast', birthDate: yearsAgo(29) };
      const answers = await Promise.all([1, 2, 3].map(() => postWithKey('/api/patients', body, key)));
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
      const ids = new Set(answers.map((a) => (a.body as Patient)._id));
      expect(ids.size).toBe(1);
      expect(await patientsNamed('Togetherlast')).toHaveLength(1);
    });

    it('the same key with a different body is a 422 saying so in words, and creates nothing', async () => {
      const key = randomUUID();
      await postWithKey('/api/patients', { firstName: 'Elena', lastName: 'Reuselast', birthDate: yearsAgo(33) }, key).expect(201);
      const res = await postWithKey('/api/patients', { firstName: 'Elena', lastName: 'Otherlast', birthDate: yearsAgo(33) }, key).expect(422);
      expect((res.body as ErrorEnvelope).message).toBe(REUSED);
      expect((res.body as ErrorEnvelope).errors).toEqual([{ field: 'Idempotency-Key', message: REUSED }]);
      expect(await patientsNamed('Otherlast')).toEqual([]);
    });

    it('keys are per user: another user with the same key creates a record of their own', async () => {
      const key = randomUUID();
      const other = await t.createUserWithRole([PERMISSIONS.SAVE_PATIENT, PERMISSIONS.GET_PATIENTS]);
      const body = { firstName: 'Nina', lastName: 'Peruserlast', birthDate: yearsAgo(40) };
      await postWithKey('/api/patients', body, key).expect(201);
      await t.http.post('/api/patients').set('Authorization', other.authorization).set('Idempotency-Key', key).send(body).expect(201);
      expect(await patientsNamed('Peruserlast')).toHaveLength(2);
    });

    it("refuses a malformed key with a 400 naming the header, and a create without a key stays an ordinary one", async () => {
      const res = await postWithKey('/api/patients', { firstName: 'Ines', birthDate: yearsAgo(30) }, 'not a key!').expect(400);
      expect((res.body as ErrorEnvelope).errors).toEqual([
        { field: 'Idempotency-Key', message: 'Idempotency-Key must be 1 to 200 letters, digits, dots, colons, underscores or hyphens' },
      ]);
      const body = { firstName: 'Ines', lastName: 'Nokeylast', birthDate: yearsAgo(30) };
      await post('/api/patients', body).expect(201);
      await post('/api/patients', body).expect(201);
      expect(await patientsNamed('Nokeylast')).toHaveLength(2);
    });

    it('a refused create (a rule failed) leaves the key free for the corrected request', async () => {
      const key = randomUUID();
      await postWithKey('/api/patients', { firstName: ' ', lastName: 'Fixedlast', birthDate: yearsAgo(30) }, key).expect(400);
      await postWithKey('/api/patients', { firstName: 'Vida', lastName: 'Fixedlast', birthDate: yearsAgo(30) }, key).expect(201);
      expect(await patientsNamed('Fixedlast')).toHaveLength(1);
    });
  });

  describe('POST /api/patients/:patientid/cases', () => {
    it('a replay answers the case the first request made, as it is now, and the patient has one case', async () => {
      const patient = await createPatient(t, admin);
      const key = randomUUID();
      const body = closableObBody(nextCaseNum('IDEM'));
      const first = (await postWithKey(`/api/patients/${patient._id}/cases`, body, key).expect(201)).body as CaseForm;
      expect(first.version).toBe(1);
      const saved = (await put(`/api/patients/${patient._id}/cases/${first._id}`, { version: 1, room: 'Ward 2' }).expect(200)).body as CaseForm;
      const again = (await postWithKey(`/api/patients/${patient._id}/cases`, body, key).expect(201)).body as CaseForm;
      expect(again._id).toBe(first._id);
      expect(again.version).toBe(saved.version);
      expect(((await get(`/api/patients/${patient._id}/cases`).expect(200)).body as CaseForm[]).map((c) => c._id)).toEqual([first._id]);
    });

    it('the same key for a case of another patient is a different request: 422', async () => {
      const [one, two] = [await createPatient(t, admin), await createPatient(t, admin)];
      const key = randomUUID();
      const body = closableObBody(nextCaseNum('IDEM'));
      await postWithKey(`/api/patients/${one._id}/cases`, body, key).expect(201);
      const res = await postWithKey(`/api/patients/${two._id}/cases`, body, key).expect(422);
      expect((res.body as ErrorEnvelope).message).toBe(REUSED);
      expect((await get(`/api/patients/${two._id}/cases`).expect(200)).body).toEqual([]);
    });

    it('a replayed save with the version it was queued at meets a newer version: the existing 409 with the current case', async () => {
      const patient = await createPatient(t, admin);
      const key = randomUUID();
      const created = (await postWithKey(`/api/patients/${patient._id}/cases`, closableObBody(nextCaseNum('IDEM')), key).expect(201)).body as CaseForm;
      const path = `/api/patients/${patient._id}/cases/${created._id}`;
      // Someone else saves while the queued save waits; then the queue replays its save at version 1, twice.
      const theirs = (await put(path, { version: 1, room: 'Their ward' }).expect(200)).body as CaseForm;
      for (let replay = 0; replay < 2; replay++) {
        const res = await put(path, { version: 1, room: 'My ward' }).expect(409);
        expect((res.body as ErrorEnvelope).message).toBe(CASE_CHANGED);
        expect((res.body as { current: CaseForm }).current).toMatchObject({ version: theirs.version, room: 'Their ward' });
      }
      expect(((await get(path).expect(200)).body as CaseForm).room).toBe('Their ward');
    });
  });

  describe('POST /api/patientcases', () => {
    it('a replay of the case-information create (patient and case together) makes one patient and one case', async () => {
      const key = randomUUID();
      const body = { caseNum: nextCaseNum('IDEM'), firstName: 'Celia', lastName: 'Infolast', birthDate: yearsAgo(27) };
      const first = (await postWithKey('/api/patientcases', body, key).expect(201)).body as CaseInfoAnswer;
      const again = (await postWithKey('/api/patientcases', body, key).expect(201)).body as CaseInfoAnswer;
      expect(again).toEqual(first);
      expect(await patientsNamed('Infolast')).toHaveLength(1);
      const res = await postWithKey('/api/patientcases', { ...body, caseNum: nextCaseNum('IDEM') }, key).expect(422);
      expect((res.body as ErrorEnvelope).message).toBe(REUSED);
    });
  });

  describe('a queue made offline, replayed (a patient, a case for it, a save, a close)', () => {
    it('replayed twice after lost answers, with the same keys, it makes one patient and one case, and the second close meets the newer version', async () => {
      const [patientKey, caseKey] = [randomUUID(), randomUUID()];
      const patientBody = { firstName: 'Ofelia', lastName: 'Replaylast', birthDate: yearsAgo(31) };
      const caseBody = { caseNum: nextCaseNum('IDEM') };
      const patient = (await postWithKey('/api/patients', patientBody, patientKey).expect(201)).body as Patient;
      const created = (await postWithKey(`/api/patients/${patient._id}/cases`, caseBody, caseKey).expect(201)).body as CaseForm;
      const path = `/api/patients/${patient._id}/cases/${created._id}`;
      const { caseNum: _caseNum, ...answers } = closableObBody(caseBody.caseNum);
      const saved = (await put(path, { ...answers, version: created.version }).expect(200)).body as CaseForm;
      const closed = (await put(`${path}/close`, { patientid: patient._id, caseid: created._id, version: saved.version }).expect(200)).body as CaseForm;
      expect(closed.isClose).toBe(true);
      // The answers were lost: the queue sends everything again, the creates with their keys.
      expect(((await postWithKey('/api/patients', patientBody, patientKey).expect(201)).body as Patient)._id).toBe(patient._id);
      expect(((await postWithKey(`/api/patients/${patient._id}/cases`, caseBody, caseKey).expect(201)).body as CaseForm)._id).toBe(created._id);
      const close = await put(`${path}/close`, { patientid: patient._id, caseid: created._id, version: saved.version }).expect(409);
      expect((close.body as ErrorEnvelope).message).toBe(CASE_CHANGED);
      expect((close.body as { current: CaseForm }).current).toMatchObject({ isClose: true, version: closed.version });
      expect(await patientsNamed('Replaylast')).toHaveLength(1);
      expect(((await get(`/api/patients/${patient._id}/cases`).expect(200)).body as CaseForm[]).map((c) => c._id)).toEqual([created._id]);
    });

    it("a queued close the server's close rules refuse is a 422 in words, and the case stays open as it was", async () => {
      const patient = await createPatient(t, admin);
      const created = (await postWithKey(`/api/patients/${patient._id}/cases`, { caseNum: nextCaseNum('IDEM') }, randomUUID()).expect(201)).body as CaseForm;
      const path = `/api/patients/${patient._id}/cases/${created._id}`;
      const res = await put(`${path}/close`, { patientid: patient._id, caseid: created._id, version: created.version }).expect(422);
      expect(typeof (res.body as ErrorEnvelope).message).toBe('string');
      expect(((res.body as ErrorEnvelope).message ?? '').length).toBeGreaterThan(10);
      expect((await get(path).expect(200)).body).toMatchObject({ isClose: false, version: created.version });
    });
  });
});
