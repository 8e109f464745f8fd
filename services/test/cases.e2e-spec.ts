import type { AuditEntry, CaseForm, ErrorEnvelope, Paged } from '@pnss/libs/api';
import { ageAtAdmission } from '@pnss/libs/derived';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { patientCases } from '../src/database/patients.schema.js';
import { CasesRepository } from '../src/modules/cases/cases.repository.js';
import { toCaseColumns } from '../src/common/records/case-record.js';
import { eq } from 'drizzle-orm';
import {
  closableGyneBody, closableObBody, createCase, createPatient, daysAgo, nextCaseNum, yearsAgo,
} from './support/patient-cases.js';
import { useTestApp } from './support/use-test-app.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('case forms: saving, server-side rules, conflicts and history (SPEC.md §3, §4, §5, §7)', () => {
  const { t, admin, get, post, put } = useTestApp();
  let patientId: string;
  let birthDate: string;

  beforeAll(async () => {
    const patient = await createPatient(t, admin, { birthDate: yearsAgo(31) });
    patientId = patient._id;
    birthDate = yearsAgo(31);
  });

  const casesPath = (pid = patientId) => `/api/patients/${pid}/cases`;
  const errorsOf = (body: unknown) => (body as ErrorEnvelope).errors;

  describe('creating a case', () => {
    it('stores a full OB form and answers the whole case, list fields as arrays, version 1', async () => {
      const sent = closableObBody(nextCaseNum());
      const res = await post(casesPath(), sent).expect(201);
      const stored = res.body as CaseForm;
      expect(stored).toEqual({
        ...sent,
        _id: expect.any(String),
        patientid: patientId,
        isClose: false,
        isArchived: false,
        submissionId: null,
        age: ageAtAdmission(birthDate, sent.admissionDate),
        version: 1,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(Array.isArray(stored.neonatal) && Array.isArray(stored.morbidities) && Array.isArray(stored.deliveryIndication)).toBe(true);
      expect((await get(`${casesPath()}/${stored._id}`).expect(200)).body).toEqual(stored);
    });

    it('recomputes the derived values instead of trusting the client: age, BMI, AOG group', async () => {
      const res = await post(casesPath(), {
        ...closableObBody(nextCaseNum()),
        age: 5, weight: 70, height: 175, bmi: 99.9,
        admissionAOGType: 1, admissionWeeks: 30, admissionAOG: 7,
      }).expect(201);
      const stored = res.body as CaseForm;
      expect(stored.age).toBe(ageAtAdmission(birthDate, stored.admissionDate));
      expect(stored.bmi).toBe(22.86);
      expect(stored.admissionAOG).toBe(4);
      expect(stored.infantsNumber).toBe(1);
      expect(stored.neonatal).toHaveLength(1);
    });

    it('refuses the answers the dependency rules hide, naming each field and its rule, instead of saving the case without them', async () => {
      const caseNum = nextCaseNum();
      const res = await post(casesPath(), {
        caseNum,
        caseFormType: 1,
        pregnancyType: 1,
        ectopicType: 3,
        isDelivered: false,
        deliveryManner: 1,
        deliveryIndication: [101],
        neonatal: [{ status: 1 }],
        MIGSSurgeon: 2,
        MIGSSurgeonPSGE: true,
        motherCondition: 1,
        deathTiming: 2,
      }).expect(400);
      expect(errorsOf(res.body)?.map((e) => e.field)).toEqual([
        'ectopicType', 'deliveryManner', 'deliveryIndication', 'neonatal[0]', 'MIGSSurgeonPSGE', 'deathTiming',
      ]);
      expect(errorsOf(res.body)?.[0]).toEqual({
        field: 'ectopicType', label: 'Type of Ectopic Pregnancy', section: 'Admission',
        message: 'Type of Ectopic Pregnancy (ectopicType) was not saved: it is asked only for an ectopic pregnancy (pregnancy type 4)',
      });
      expect(await t.database.db.select().from(patientCases).where(eq(patientCases.caseNum, caseNum))).toEqual([]);
    });

    it("refuses a case without a case number: 400 naming caseNum 'Please enter the Case #'", async () => {
      const res = await post(casesPath(), { caseFormType: 2 }).expect(400);
      expect(errorsOf(res.body)).toEqual([{ field: 'caseNum', label: 'Case #', section: 'Admission', message: 'Please enter the Case #' }]);
      await post(casesPath(), { caseNum: '   ' }).expect(400);
    });

    it("refuses a case number that already exists, whatever its letter case: 409 'Case number already exists'", async () => {
      const caseNum = nextCaseNum('dup');
      await createCase(t, admin, patientId, { caseNum });
      const res = await post(casesPath(), { caseNum: caseNum.toUpperCase() }).expect(409);
      expect(res.body).toEqual({
        statusCode: 409, message: 'Case number already exists', errors: [{ field: 'caseNum', message: 'Case number already exists' }],
      });
    });

    it("names a future date 'Cannot be a future date' and one before 1 January two years back 'Cannot be older than 2 years'", async () => {
      const future = await post(casesPath(), { caseNum: nextCaseNum(), admissionDate: daysAgo(-1) }).expect(400);
      expect(errorsOf(future.body)).toEqual([
        { field: 'admissionDate', label: 'Admission Date', section: 'Admission', message: 'Cannot be a future date' },
      ]);
      const old = await post(casesPath(), { caseNum: nextCaseNum(), dischargeDate: `${new Date().getUTCFullYear() - 3}-12-31` }).expect(400);
      expect(errorsOf(old.body)).toEqual([
        { field: 'dischargeDate', label: 'Discharge Date', section: 'Discharge', message: 'Cannot be older than 2 years' },
      ]);
      const delivery = await post(casesPath(), closableObBody(nextCaseNum(), { deliveryDate: daysAgo(-2) })).expect(400);
      expect(errorsOf(delivery.body)?.map((e) => e.field)).toEqual(['deliveryDate']);
    });

    it('leaves the postpartum delivery date without bounds', async () => {
      // The postpartum variant records no infants (SPEC.md §5).
      const res = await post(
        casesPath(),
        closableObBody(nextCaseNum(), { isPostpartum: true, deliveryDate: `${new Date().getUTCFullYear() - 4}-06-01`, neonatal: [] }),
      ).expect(201);
      expect((res.body as CaseForm).isDelivered).toBe(true);
    });

    it('refuses unknown fields, wrong types and ids outside their code tables, naming each field', async () => {
      const unknown = await post(casesPath(), { caseNum: nextCaseNum(), bloodType: 'O' }).expect(400);
      expect(errorsOf(unknown.body)).toEqual([{ field: 'bloodType', message: 'bloodType is not an allowed field' }]);

      const res = await post(casesPath(), {
        caseNum: nextCaseNum(),
        weight: '65',
        admissionWeeks: 30.5,
        isPregnancy: null,
        pregnancyType: 9,
        deliveryIndication: [101, 424242],
        pcosSymptoms: [1, 77],
        antecedentCause: 987654,
        admissionDate: '21/11/2026',
        neonatal: [{ apgar1m: 11, status: 1, colour: 'pink' }],
        morbidities: [{ conditionId: 1601, categoryId: 3 }],
      }).expect(400);
      expect(errorsOf(res.body)).toEqual(
        expect.arrayContaining([
          { field: 'weight', message: 'Weight (kg) must be a number' },
          { field: 'admissionWeeks', message: 'AOG on Admission (weeks) must be a whole number' },
          { field: 'isPregnancy', message: 'Pregnant must be true or false' },
          { field: 'pregnancyType', message: 'Type of Pregnancy is not one of its choices' },
          { field: 'deliveryIndication', message: 'Indications holds an entry that is not in its list' },
          { field: 'pcosSymptoms', message: 'PCOS Symptoms holds a value that is not one of its choices' },
          { field: 'antecedentCause', message: 'Antecedent Cause is not an entry of its list' },
          { field: 'admissionDate', message: 'Admission Date must be a date (YYYY-MM-DD)' },
          { field: 'neonatal[0].apgar1m', message: 'Apgar 1 m must be between 0 and 10' },
          { field: 'neonatal[0].colour', message: 'neonatal[0].colour is not an allowed field' },
          { field: 'morbidities', message: 'Pregnancy Co-morbidities: entry 1 is not a condition of its category' },
        ]),
      );
      expect(errorsOf(res.body)).toHaveLength(11);
    });

    it('answers 404 for an unknown patient and 400 for a malformed one', async () => {
      await post(casesPath(UNKNOWN_ID), { caseNum: nextCaseNum() }).expect(404, { statusCode: 404, message: 'Patient not found' });
      await post(casesPath('x1'), { caseNum: nextCaseNum() }).expect(400);
      await get(casesPath(UNKNOWN_ID)).expect(404);
    });
  });

  describe('reading cases', () => {
    it("lists the patient's cases as whole forms", async () => {
      const patient = await createPatient(t, admin);
      const gyne = await createCase(t, admin, patient._id, closableGyneBody(nextCaseNum()));
      const ob = await createCase(t, admin, patient._id, closableObBody(nextCaseNum()));
      const res = await get(casesPath(patient._id)).expect(200);
      expect(res.body).toEqual([ob, gyne]);
    });

    it('answers 404 for a case fetched under another patient, 400 for malformed ids, never a 500', async () => {
      const other = await createPatient(t, admin);
      const mine = await createCase(t, admin, patientId, { caseNum: nextCaseNum() });
      await get(`${casesPath(other._id)}/${mine._id}`).expect(404, { statusCode: 404, message: 'Case not found' });
      await put(`${casesPath(other._id)}/${mine._id}`, { version: 1, room: 'x' }).expect(404);
      await put(`${casesPath(other._id)}/${mine._id}/archive`, {}).expect(404);
      await get(`${casesPath(other._id)}/${mine._id}/history`).expect(404);
      await get(`${casesPath()}/${UNKNOWN_ID}`).expect(404);
      const bad = await get(`${casesPath()}/12345`).expect(400);
      expect(errorsOf(bad.body)).toEqual([{ field: 'caseid', message: 'caseid is not a valid id' }]);
      await get(`/api/patients/nope/cases/${mine._id}`).expect(400);
    });
  });

  describe('editing a case', () => {
    let stored: CaseForm;
    beforeEach(async () => {
      stored = await createCase(t, admin, patientId, closableObBody(nextCaseNum(), { dischargeDate: null, motherCondition: null }));
    });
    const casePath = () => `${casesPath()}/${stored._id}`;

    it('applies the fields sent through the dependency rules, bumps the version and returns the case', async () => {
      const res = await put(casePath(), { version: 1, weight: 80, pregnancyType: 2, room: '3B' }).expect(200);
      const saved = res.body as CaseForm;
      expect(saved).toMatchObject({ version: 2, weight: 80, bmi: 31.25, room: '3B', pregnancyType: 2, infantsNumber: 2 });
      expect(saved.neonatal).toHaveLength(2);
      expect(saved.deliveryIndication).toEqual([101]);
      expect((await get(casePath()).expect(200)).body).toEqual(saved);
    });

    it('takes a whole form sent back as the client left it', async () => {
      const { _id, patientid, isClose, isArchived, submissionId, createdAt, updatedAt, ...form } = stored;
      const res = await put(casePath(), { ...form, _id, patientid, isClose, isArchived, submissionId, createdAt, updatedAt, room: '12' }).expect(200);
      expect(res.body).toEqual({ ...stored, room: '12', version: 2, updatedAt: expect.any(String) });
    });

    it('requires the version being edited', async () => {
      const res = await put(casePath(), { room: '4' }).expect(400);
      expect(errorsOf(res.body)).toEqual([{ field: 'version', message: 'version is required: send the version of the case you opened' }]);
    });

    it('answers a stale version with 409 and the newer case in `current`; the newer data is kept', async () => {
      await put(casePath(), { version: 1, room: 'Ward A' }).expect(200);
      const stale = await put(casePath(), { version: 1, room: 'Ward B' }).expect(409);
      expect(stale.body).toEqual({
        statusCode: 409,
        message: 'This case was changed by someone else since you opened it. Review their changes before saving.',
        current: { ...stored, room: 'Ward A', version: 2, updatedAt: expect.any(String) },
      });
      expect(((await get(casePath()).expect(200)).body as CaseForm).room).toBe('Ward A');
    });

    it('lets exactly one of two simultaneous saves of the same version win', async () => {
      const [a, b] = await Promise.all([put(casePath(), { version: 1, room: 'A' }), put(casePath(), { version: 1, room: 'B' })]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const winner = a.status === 200 ? 'A' : 'B';
      expect(((await get(casePath()).expect(200)).body as CaseForm)).toMatchObject({ room: winner, version: 2 });
    });

    it('makes the write itself conditional: an UPDATE at a version already passed changes nothing, and writes no audit row', async () => {
      await put(casePath(), { version: 1, room: 'first' }).expect(200);
      const historyBefore = (await get(`${casePath()}/history`).expect(200)).body as { count: number };
      const repository = t.app.get(CasesRepository);
      // The save's write (with its audit row, in the same statement) and the lifecycle changes' write alike.
      const lostAudit = { actorId: null, actorUsername: 'lost', entity: 'case', action: 'update', changes: [{ field: 'caseNum', old: stored.caseNum, new: 'LOST-WRITE' }], ip: null };
      const saved = await repository.saveFormIfVersion(t.database.db, stored._id as string, 1, toCaseColumns({ ...stored, caseNum: 'LOST-WRITE' }), null, lostAudit);
      expect(saved).toBeNull();
      expect(((await get(`${casePath()}/history`).expect(200)).body as { count: number }).count).toBe(historyBefore.count);
      const changed = await t.database.transaction((tx) => repository.updateIfVersion(tx, stored._id as string, 1, { caseNum: 'LOST-WRITE' }, null));
      expect(changed).toBeNull();
      expect(((await get(casePath()).expect(200)).body as CaseForm)).toMatchObject({ caseNum: stored.caseNum, room: 'first', version: 2 });
    });

    it('writes nothing when nothing changes', async () => {
      const res = await put(casePath(), { version: 1, room: stored.room }).expect(200);
      expect((res.body as CaseForm).version).toBe(1);
    });

    it('refuses an _id or patientid naming another case or patient', async () => {
      const res = await put(casePath(), { version: 1, _id: UNKNOWN_ID }).expect(400);
      expect(errorsOf(res.body)).toEqual([{ field: '_id', message: '_id does not match the case of the address' }]);
      await put(casePath(), { version: 1, patientid: UNKNOWN_ID }).expect(400);
    });

    it('ignores the lifecycle fields in a form: only the lifecycle routes change them', async () => {
      const res = await put(casePath(), { version: 1, isClose: true, isArchived: true, submissionId: 'PKG-1', room: '9' }).expect(200);
      expect(res.body).toMatchObject({ isClose: false, isArchived: false, submissionId: null, room: '9' });
    });

    it('checks the save rules on the form as it would be stored', async () => {
      const res = await put(casePath(), { version: 1, caseNum: '' }).expect(400);
      expect(errorsOf(res.body)?.[0]).toMatchObject({ field: 'caseNum', message: 'Please enter the Case #' });
    });
  });

  describe('impossible values are refused, unusual ones confirmed (issue 14 item 5, issue 13 item 8)', () => {
    it('refuses height typed in metres and a weight of 6800 kg: 400 naming each field with its limit', async () => {
      const res = await post(casesPath(), { caseNum: nextCaseNum(), height: 1.55, weight: 6800 }).expect(400);
      expect(errorsOf(res.body)).toEqual([
        { field: 'weight', message: 'Weight (kg) must be between 25 and 300' },
        { field: 'height', message: 'Height (cm) must be between 100 and 230' },
      ]);
    });

    it("stores no absurd BMI: {weight: 500, height: 0.1} is refused", async () => {
      const res = await post(casesPath(), { caseNum: nextCaseNum(), weight: 500, height: 0.1 }).expect(400);
      expect(errorsOf(res.body)?.map((e) => e.field).sort()).toEqual(['height', 'weight']);
    });

    it('refuses an inconsistent OB score on save, naming the field (P = FT + Pr; G ≥ P + Ab; LB within what the births bear)', async () => {
      const res = await post(casesPath(), { caseNum: nextCaseNum(), obscoreG: 1, obscoreP: 2, obscoreFT: 1, obscorePr: 0, obscoreAb: 0, obscoreLB: 21 }).expect(400);
      expect(errorsOf(res.body)).toEqual([
        { field: 'obscoreP', label: 'OB Score P', section: 'Obstetric History', message: 'P must equal FT + Pr (1 + 0 = 1)' },
        { field: 'obscoreG', label: 'OB Score G', section: 'Obstetric History', message: 'G must be at least P + Ab (2 + 0 = 2)' },
        { field: 'obscoreLB', label: 'OB Score LB', section: 'Obstetric History', message: 'LB cannot be more than 20: FT + Pr births bear at most 20 infants each' },
      ]);
      // LB above FT + Pr is possible after earlier twins: the user confirms it.
      const twins = { caseNum: nextCaseNum(), obscoreG: 2, obscoreP: 1, obscoreFT: 1, obscorePr: 0, obscoreAb: 0, obscoreLB: 2 };
      const asked = await post(casesPath(), twins).expect(400);
      expect(errorsOf(asked.body)?.map((e) => e.field)).toEqual(['obscoreLB']);
      await post(casesPath(), { ...twins, confirmedWarnings: ['obscoreLB'] }).expect(201);
      const c = await createCase(t, admin, patientId, { caseNum: nextCaseNum(), obscoreFT: 1, obscorePr: 0 });
      const edit = await put(`${casesPath()}/${c._id}`, { version: c.version, obscoreP: 3 }).expect(400);
      expect(errorsOf(edit.body)?.map((e) => e.field)).toEqual(['obscoreP']);
    });

    it('asks for confirmation of a BMI above 60: 400 naming bmi until confirmedWarnings lists it, then saved once and not asked again', async () => {
      const c = await createCase(t, admin, patientId, { caseNum: nextCaseNum(), weight: 70, height: 160 });
      const asked = await put(`${casesPath()}/${c._id}`, { version: c.version, weight: 170 }).expect(400);
      expect(errorsOf(asked.body)).toEqual([expect.objectContaining({ field: 'bmi', message: expect.stringMatching(/^BMI 66.41 is above 60/) })]);
      expect(((await get(`${casesPath()}/${c._id}`).expect(200)).body as CaseForm).weight).toBe(70);
      const saved = (await put(`${casesPath()}/${c._id}`, { version: c.version, weight: 170, confirmedWarnings: ['bmi'] }).expect(200)).body as CaseForm;
      expect(saved).toMatchObject({ weight: 170, bmi: 66.41 });
      expect('confirmedWarnings' in saved).toBe(false);
      await put(`${casesPath()}/${c._id}`, { version: saved.version, room: '5C' }).expect(200);
    });

    it('asks for confirmation of a birth weight far from the gestational age', async () => {
      const body = closableObBody(nextCaseNum());
      const infant = { ...body.neonatal?.[0], pediatricAge: 40, pediatricWeight: 1000 };
      const res = await post(casesPath(), { ...body, neonatal: [infant] }).expect(400);
      expect(errorsOf(res.body)?.map((e) => e.field)).toEqual(['neonatal[0].pediatricWeight']);
      await post(casesPath(), { ...body, neonatal: [infant], confirmedWarnings: ['neonatal[0].pediatricWeight'] }).expect(201);
    });

    it('refuses list fields longer than their options or repeating an entry (150,000 PCOS symptoms)', async () => {
      const huge = await post(casesPath(), { caseNum: nextCaseNum(), pcosHistory: true, pcosSymptoms: new Array<number>(150_000).fill(1) }).expect(400);
      expect(errorsOf(huge.body)).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'pcosSymptoms', message: expect.stringMatching(/at most \d+ choices/) })]));
      const twice = await post(casesPath(), { caseNum: nextCaseNum(), pcosHistory: true, pcosSymptoms: [1, 1] }).expect(400);
      expect(errorsOf(twice.body)).toEqual([{ field: 'pcosSymptoms', message: 'PCOS Symptoms: entry 2 repeats an earlier entry' }]);
      const repeated = await post(casesPath(), { caseNum: nextCaseNum(), morbidities: [{ conditionId: 1601, categoryId: 16 }, { conditionId: 1601, categoryId: 16 }] }).expect(400);
      expect(errorsOf(repeated.body)?.map((e) => e.field)).toEqual(['morbidities']);
    });

    it('refuses a date outside 1900-2099 even where the spec leaves it unbounded (postpartum delivery)', async () => {
      const res = await post(casesPath(), closableObBody(nextCaseNum(), { isPostpartum: true, deliveryDate: '1000-01-01' })).expect(400);
      expect(errorsOf(res.body)).toEqual([{ field: 'deliveryDate', message: 'Delivery Date must be between 1900-01-01 and 2099-12-31' }]);
    });
  });

  describe('history', () => {
    it("answers the case's audit entries oldest first (the order they happened), with who, when, old and new values", async () => {
      const created = await createCase(t, admin, patientId, closableGyneBody(nextCaseNum(), { dischargeDate: null }));
      const path = `${casesPath()}/${created._id}`;
      await put(path, { version: 1, weight: 60 }).expect(200);
      await put(`${path}/archive`, {}).expect(200);
      const history = (await get(`${path}/history`).expect(200)).body as Paged<AuditEntry>;
      expect(history.count).toBe(3);
      expect(history.items.map((e) => e.action)).toEqual(['create', 'update', 'archive']);
      expect(history.items[2]).toMatchObject({
        entity: 'case', entityId: created._id, actorUsername: 'admin', actorId: admin.user._id,
        changes: [{ field: 'isArchived', old: false, new: true }],
      });
      expect(history.items[1].changes).toEqual([
        { field: 'weight', old: 58, new: 60 },
        { field: 'bmi', old: 24.14, new: 24.97 },
      ]);
      expect(Date.parse(history.items[2].at)).toBeGreaterThanOrEqual(Date.parse(history.items[1].at));
      expect(history.items[0].changes).toEqual(expect.arrayContaining([{ field: 'caseNum', old: null, new: created.caseNum }]));
    });
  });

  describe('permissions', () => {
    it('answers 403 on each case route to a role lacking its permission', async () => {
      const c = await createCase(t, admin, patientId, { caseNum: nextCaseNum() });
      const path = `${casesPath()}/${c._id}`;
      const nobody = await t.createUserWithRole([PERMISSIONS.GET_PATIENTS]);
      const calls: Array<[string, () => ReturnType<typeof get>]> = [
        ['list', () => get(casesPath(), nobody)],
        ['create', () => post(casesPath(), { caseNum: nextCaseNum() }, nobody)],
        ['view', () => get(path, nobody)],
        ['update', () => put(path, { version: 1 }, nobody)],
        ['close', () => put(`${path}/close`, {}, nobody)],
        ['reopen', () => put(`${path}/reopen`, {}, nobody)],
        ['archive', () => put(`${path}/archive`, {}, nobody)],
        ['unarchive', () => put(`${path}/unarchive`, {}, nobody)],
        ['history', () => get(`${path}/history`, nobody)],
      ];
      for (const [name, call] of calls) expect({ name, status: (await call()).status }).toEqual({ name, status: 403 });

      const viewer = await t.createUserWithRole([PERMISSIONS.FIND_PATIENT_CASE]);
      await get(path, viewer).expect(200);
      await get(`${path}/history`, viewer).expect(200);
      await put(path, { version: 1, room: '1' }, viewer).expect(403);
      const editor = await t.createUserWithRole([PERMISSIONS.UPDATE_PATIENT_CASE]);
      await put(path, { version: 1, room: '1' }, editor).expect(200);
    });
  });
});

