import type { AuditEntry, ErrorEnvelope, Paged, Patient, PatientListItem } from '@pnss/libs/api';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { patients } from '../src/database/patients.schema.js';
import { closableObBody, createCase, createPatient, daysAgo, nextCaseNum, yearsAgo } from './support/patient-cases.js';
import { type SignedIn } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('patients API (SPEC.md §7 "Patients and cases")', () => {
  const { t, admin, get, post, put } = useTestApp();

  const list = async (query: Record<string, string | number>) =>
    (await get(`/api/patients?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`).expect(200)).body as Paged<PatientListItem>;

  describe('saving a patient', () => {
    it('creates a patient and answers the record with its _id', async () => {
      const birthDate = yearsAgo(30);
      const res = await post('/api/patients', {
        firstName: '  Maria ', middleName: 'Santos', lastName: 'Dela Cruz', birthDate,
        medicalHistory: [{ conditionId: 101, categoryId: 1 }],
      }).expect(201);
      const patient = res.body as Patient;
      expect(patient).toEqual({
        _id: expect.any(String),
        patientid: patient._id,
        firstName: 'Maria',
        middleName: 'Santos',
        lastName: 'Dela Cruz',
        avatar: null,
        birthDate,
        pediatricConfirmed: false,
        hasOpenCase: false,
        isAdmitted: false,
        medicalHistory: [{ conditionId: 101, categoryId: 1 }],
        obstetricHistory: [],
        version: 1,
      });
      expect((await get(`/api/patients/${patient._id}`).expect(200)).body).toEqual(patient);
    });

    it("refuses a patient without a first name: 400 naming firstName with 'First name is required'", async () => {
      const res = await post('/api/patients', { firstName: '  ', lastName: 'Reyes', birthDate: yearsAgo(40) }).expect(400);
      expect((res.body as ErrorEnvelope).errors).toEqual([{ field: 'firstName', label: 'First Name', message: 'First name is required' }]);
      expect((res.body as ErrorEnvelope).message).toBe('First name is required');
    });

    it("refuses a missing or future birth date with 'Enter a valid birthdate'", async () => {
      for (const birthDate of [null, daysAgo(-3)]) {
        const res = await post('/api/patients', { firstName: 'Ana', birthDate }).expect(400);
        expect((res.body as ErrorEnvelope).errors).toEqual([{ field: 'birthDate', label: 'Date of Birth', message: 'Enter a valid birthdate' }]);
      }
    });

    it("requires the pediatric confirmation under 19: 'Please confirm that patient is a pediatric case.'", async () => {
      const res = await post('/api/patients', { firstName: 'Liza', birthDate: yearsAgo(17) }).expect(400);
      expect((res.body as ErrorEnvelope).errors).toEqual([
        { field: 'pediatricConfirmed', label: 'Pediatric Case', message: 'Please confirm that patient is a pediatric case.' },
      ]);
      const confirmed = await post('/api/patients', { firstName: 'Liza', birthDate: yearsAgo(17), pediatricConfirmed: true }).expect(201);
      expect((confirmed.body as Patient).pediatricConfirmed).toBe(true);
    });

    it('refuses unknown fields and wrong types, naming each field', async () => {
      const unknown = await post('/api/patients', { firstName: 'Ana', birthDate: yearsAgo(30), nickname: 'An' }).expect(400);
      expect((unknown.body as ErrorEnvelope).errors).toEqual([{ field: 'nickname', message: 'nickname is not an allowed field' }]);

      const types = await post('/api/patients', {
        firstName: 7, birthDate: 'last spring', pediatricConfirmed: 'yes', medicalHistory: [{ conditionId: '101', categoryId: 1 }],
      }).expect(400);
      expect((types.body as ErrorEnvelope).errors).toEqual(
        expect.arrayContaining([
          { field: 'firstName', message: 'First name must be text' },
          { field: 'birthDate', message: 'Date of Birth must be a date (YYYY-MM-DD)' },
          { field: 'pediatricConfirmed', message: 'pediatricConfirmed must be true or false' },
          { field: 'medicalHistory[0].conditionId', message: 'conditionId must be a whole number' },
        ]),
      );
    });

    it('refuses a history entry that is not a condition of its category in the reference list', async () => {
      const res = await post('/api/patients', {
        firstName: 'Ana', birthDate: yearsAgo(30), medicalHistory: [{ conditionId: 101, categoryId: 1 }, { conditionId: 101, categoryId: 2 }],
      }).expect(400);
      expect((res.body as ErrorEnvelope).errors).toEqual([
        { field: 'medicalHistory', message: 'Past Medical Conditions: entry 2 is not a condition of its category' },
      ]);
    });

    it('refuses an avatar that is not an image', async () => {
      const res = await post('/api/patients', { firstName: 'Ana', birthDate: yearsAgo(30), avatar: 'data:text/plain;base64,aGk=' }).expect(400);
      expect((res.body as ErrorEnvelope).errors).toEqual([{ field: 'avatar', message: 'Photo must be a PNG, JPEG or WebP image' }]);
    });
  });

  describe('editing a patient', () => {
    it('changes only the fields sent, bumps the version and audits old and new values', async () => {
      const patient = await createPatient(t, admin, { firstName: 'Rosa', lastName: 'Lim' });
      const res = await put(`/api/patients/${patient._id}`, { patientid: patient._id, lastName: 'Lim-Tan', version: 1 }).expect(200);
      expect(res.body).toEqual({ ...patient, lastName: 'Lim-Tan', version: 2 });

      const audit = (await get(`/api/audit?entity=patient&entityId=${patient._id}`).expect(200)).body as Paged<AuditEntry>;
      expect(audit.items.map((e) => e.action)).toEqual(['update', 'create']);
      expect(audit.items[0]).toMatchObject({ actorUsername: 'admin', changes: [{ field: 'lastName', old: 'Lim', new: 'Lim-Tan' }] });
    });

    it('answers a stale version with 409, the newer patient in `current`, and keeps the newer data', async () => {
      const patient = await createPatient(t, admin, { firstName: 'Carmen' });
      await put(`/api/patients/${patient._id}`, { middleName: 'Reyes', version: 1 }).expect(200);
      const stale = await put(`/api/patients/${patient._id}`, { middleName: 'Ramos', version: 1 }).expect(409);
      expect(stale.body).toMatchObject({
        statusCode: 409,
        message: 'This patient was changed by someone else since you opened it. Review their changes before saving.',
        current: { _id: patient._id, middleName: 'Reyes', version: 2 },
      });
      expect(((await get(`/api/patients/${patient._id}`).expect(200)).body as Patient).middleName).toBe('Reyes');
    });

    it('checks the patient rules on the record as it would be saved', async () => {
      const patient = await createPatient(t, admin);
      const res = await put(`/api/patients/${patient._id}`, { firstName: '', version: 1 }).expect(400);
      expect((res.body as ErrorEnvelope).errors).toEqual([{ field: 'firstName', label: 'First Name', message: 'First name is required' }]);
    });

    it("requires the version being edited (issue 13 item 12): 400 naming 'version', nothing written", async () => {
      const patient = await createPatient(t, admin);
      const res = await put(`/api/patients/${patient._id}`, { middleName: 'Reyes' }).expect(400);
      expect((res.body as ErrorEnvelope).errors).toEqual([{ field: 'version', message: 'version is required: send the version of the patient you opened' }]);
      expect(((await get(`/api/patients/${patient._id}`).expect(200)).body as Patient).version).toBe(1);
    });

    it('refuses a body whose patientid names another patient', async () => {
      const patient = await createPatient(t, admin);
      const res = await put(`/api/patients/${patient._id}`, { patientid: UNKNOWN_ID, firstName: 'X', version: 1 }).expect(400);
      expect((res.body as ErrorEnvelope).errors).toEqual([{ field: 'patientid', message: 'patientid does not match the patient of the address' }]);
    });

    it('answers 400 for a malformed id and 404 for an unknown one, never a 500', async () => {
      const bad = await get('/api/patients/not-an-id').expect(400);
      expect((bad.body as ErrorEnvelope).errors).toEqual([{ field: 'patientid', message: 'patientid is not a valid id' }]);
      await get(`/api/patients/${UNKNOWN_ID}`).expect(404, { statusCode: 404, message: 'Patient not found' });
      await put(`/api/patients/${UNKNOWN_ID}`, { firstName: 'X', version: 1 }).expect(404);
      await put('/api/patients/123', { firstName: 'X' }).expect(400);
    });
  });

  describe('the patient list', () => {
    it('answers { items, count, offset } with the list fields, the avatar left out', async () => {
      const patient = await createPatient(t, admin, { firstName: 'Imelda', middleName: 'Q', lastName: 'Zamora-Listed' });
      const page = await list({ search: 'zamora-listed' });
      expect(page).toEqual({
        items: [
          {
            _id: patient._id, patientid: patient._id, firstName: 'Imelda', middleName: 'Q', lastName: 'Zamora-Listed', avatar: null,
            birthDate: patient.birthDate, hasOpenCase: false, isAdmitted: false,
          },
        ],
        count: 1,
        offset: 0,
      });
    });

    it('searches first, middle and last names without regard to case, every word', async () => {
      const a = await createPatient(t, admin, { firstName: 'Josefina', middleName: 'Quibuyen', lastName: 'Searchable' });
      const b = await createPatient(t, admin, { firstName: 'Quirina', lastName: 'Searchable' });
      const ids = async (search: string) => (await list({ search })).items.map((i) => i._id).sort();
      expect(await ids('SEARCHABLE')).toEqual([a._id, b._id].sort());
      expect(await ids('qui')).toEqual(expect.arrayContaining([a._id, b._id]));
      expect(await ids('josefina searchable')).toEqual([a._id]);
      expect(await ids('100%_')).toEqual([]);
    });

    it('pages by 100 in the database, ordered by last then first name', async () => {
      const rows = Array.from({ length: 105 }, (_, i) => ({ firstName: `P${String(i).padStart(3, '0')}`, lastName: 'Pagedlist' }));
      await t.database.db.insert(patients).values(rows);
      const first = await list({ search: 'pagedlist' });
      expect(first.count).toBe(105);
      expect(first.offset).toBe(0);
      expect(first.items).toHaveLength(100);
      expect(first.items[0].firstName).toBe('P000');
      const second = await list({ search: 'pagedlist', page: 1 });
      expect(second.offset).toBe(1);
      expect(second.items.map((i) => i.firstName)).toEqual(['P100', 'P101', 'P102', 'P103', 'P104']);
      await get('/api/patients?page=-1').expect(400);
      await get('/api/patients?page=abc').expect(400);
    });

    it('counts a search up to 1,000: past it the count is 1,000 with countCapped, and the pages go on', async () => {
      const rows = Array.from({ length: 1205 }, (_, i) => ({
        firstName: `Q${String(i).padStart(4, '0')}`,
        lastName: i < 605 ? 'Capcounta' : 'Capcountb',
      }));
      await t.database.db.insert(patients).values(rows);
      // One name word: its count is kept exactly, however large.
      const one = await list({ search: 'capcounta' });
      expect(one.count).toBe(605);
      expect(one).not.toHaveProperty('countCapped');
      // Two name words (Capcounta, Capcountb), 1,205 patients: more than 1,000.
      const both = (await get('/api/patients?search=capcount').expect(200)).body as Paged<PatientListItem> & { countCapped?: boolean };
      expect(both).toMatchObject({ count: 1000, countCapped: true, offset: 0 });
      expect(both.items).toHaveLength(100);
      const last = (await get('/api/patients?search=capcount&page=12').expect(200)).body as Paged<PatientListItem> & { countCapped?: boolean };
      expect(last.items.map((i) => i.firstName)).toEqual(['Q1200', 'Q1201', 'Q1202', 'Q1203', 'Q1204']);
      expect(last).toMatchObject({ count: 1000, countCapped: true });
      // A letter typed beside the name: inside more than 64 name words, found apart from its capped count.
      const letter = (await get('/api/patients?search=capcountb%20q').expect(200)).body as Paged<PatientListItem> & { countCapped?: boolean };
      expect(letter.count).toBe(600);
      expect(letter).not.toHaveProperty('countCapped');
      const letters = (await get('/api/patients?search=capcount%20q').expect(200)).body as Paged<PatientListItem> & { countCapped?: boolean };
      expect(letters).toMatchObject({ count: 1000, countCapped: true });
      expect(letters.items[0].firstName).toBe('Q0000');
    });

    it('counts a two-word search past the pairs up to 1,000 too, in the list order, its pages going on past the cap', async () => {
      // Each typed word inside 9 name words: 81 pairs, past the 64 a search reads, so the two words'
      // ranges are merged and joined (the page and its count read in one pass).
      const firsts = Array.from({ length: 9 }, (_, i) => `Zqfirst${String.fromCharCode(97 + i)}`);
      const lasts = Array.from({ length: 9 }, (_, i) => `Yxlast${String.fromCharCode(97 + i)}`);
      const rows = Array.from({ length: 1107 }, (_, i) => ({
        firstName: `${firsts[i % 9]} P${String(i).padStart(4, '0')}`,
        lastName: lasts[Math.floor(i / 123)],
      }));
      await t.database.db.insert(patients).values(rows);
      const page = async (search: string, n = 0) =>
        (await get(`/api/patients?search=${encodeURIComponent(search)}&page=${n}`).expect(200)).body as Paged<PatientListItem> & { countCapped?: boolean };
      const order = rows.map((r) => `${r.lastName.toLowerCase()} ${r.firstName.toLowerCase()}`).sort();
      const first = await page('zqfirst yxlast');
      expect(first).toMatchObject({ count: 1000, countCapped: true, offset: 0 });
      expect(first.items.map((i) => `${i.lastName.toLowerCase()} ${i.firstName.toLowerCase()}`)).toEqual(order.slice(0, 100));
      const eleventh = await page('zqfirst yxlast', 11);
      expect(eleventh).toMatchObject({ count: 1000, countCapped: true, offset: 11 });
      expect(eleventh.items.map((i) => `${i.lastName.toLowerCase()} ${i.firstName.toLowerCase()}`)).toEqual(order.slice(1100));
      // Fewer than the cap: counted exactly.
      const fewer = await page('zqfirsta yxlast');
      expect(fewer.count).toBe(123);
      expect(fewer).not.toHaveProperty('countCapped');
    });

    it('filters Open Case and Admitted (a case without a discharge date), OB or Gyne, and by admission dates', async () => {
      const tag = `Filtered${Date.now()}`;
      const open = await createPatient(t, admin, { firstName: 'Open', lastName: tag });
      await createCase(t, admin, open._id, { caseNum: nextCaseNum(), caseFormType: 2, admissionDate: daysAgo(20), dischargeDate: daysAgo(15) });
      const admitted = await createPatient(t, admin, { firstName: 'Admitted', lastName: tag });
      await createCase(t, admin, admitted._id, { caseNum: nextCaseNum(), caseFormType: 1, admissionDate: daysAgo(2) });
      const noCase = await createPatient(t, admin, { firstName: 'None', lastName: tag });

      const names = async (query: Record<string, string>) => (await list({ search: tag, ...query })).items.map((i) => i.firstName);
      expect(await names({ tag: 'allPatients' })).toEqual(['Admitted', 'None', 'Open']);
      expect(await names({ tag: 'openCase' })).toEqual(['Admitted', 'Open']);
      expect(await names({ tag: 'admitted' })).toEqual(['Admitted']);
      expect(await names({ cases: 'OB' })).toEqual(['Admitted']);
      expect(await names({ cases: 'gyne' })).toEqual(['Open']);
      expect(await names({ fromdate: daysAgo(25), todate: daysAgo(10) })).toEqual(['Open']);
      expect(await names({ fromdate: daysAgo(5) })).toEqual(['Admitted']);

      const items = (await list({ search: tag })).items;
      expect(items.find((i) => i._id === admitted._id)).toMatchObject({ hasOpenCase: true, isAdmitted: true });
      expect(items.find((i) => i._id === open._id)).toMatchObject({ hasOpenCase: true, isAdmitted: false });
      expect(items.find((i) => i._id === noCase._id)).toMatchObject({ hasOpenCase: false, isAdmitted: false });
      // A patient read by id shows the flags her list row shows (both from patient_case_stats).
      for (const patient of [admitted, open, noCase]) {
        const one = (await get(`/api/patients/${patient._id}`).expect(200)).body as Patient;
        const row = items.find((i) => i._id === patient._id);
        expect({ hasOpenCase: one.hasOpenCase, isAdmitted: one.isAdmitted }).toEqual({ hasOpenCase: row?.hasOpenCase, isAdmitted: row?.isAdmitted });
      }
      expect(((await get(`/api/patients/${admitted._id}`).expect(200)).body as Patient).isAdmitted).toBe(true);
    });

    it('an archived case leaves its patient neither open nor admitted, read by id as in the list, and counts again once unarchived', async () => {
      const tag = `Archived${Date.now()}`;
      const patient = await createPatient(t, admin, { firstName: 'Archiva', lastName: tag });
      const created = await createCase(t, admin, patient._id, { caseNum: nextCaseNum(), caseFormType: 1, admissionDate: daysAgo(2) });
      const flags = async () => {
        const one = (await get(`/api/patients/${patient._id}`).expect(200)).body as Patient;
        const row = (await list({ search: tag })).items[0];
        return { byId: [one.hasOpenCase, one.isAdmitted], inList: [row.hasOpenCase, row.isAdmitted] };
      };
      expect(await flags()).toEqual({ byId: [true, true], inList: [true, true] });
      await put(`/api/patients/${patient._id}/cases/${created._id}/archive`, {}).expect(200);
      expect(await flags()).toEqual({ byId: [false, false], inList: [false, false] });
      await put(`/api/patients/${patient._id}/cases/${created._id}/unarchive`, {}).expect(200);
      expect(await flags()).toEqual({ byId: [true, true], inList: [true, true] });
    });

    it('refuses unknown filters and malformed dates with a 400 naming the parameter', async () => {
      const tag = await get('/api/patients?tag=discharged').expect(400);
      expect((tag.body as ErrorEnvelope).errors?.[0].field).toBe('tag');
      const cases = await get('/api/patients?cases=archived').expect(400);
      expect((cases.body as ErrorEnvelope).errors?.[0].field).toBe('cases');
      const from = await get('/api/patients?fromdate=2024-02-30').expect(400);
      expect((from.body as ErrorEnvelope).errors).toEqual([{ field: 'fromdate', message: 'fromdate must be a date (YYYY-MM-DD)' }]);
      const extra = await get('/api/patients?sort=name').expect(400);
      expect((extra.body as ErrorEnvelope).errors).toEqual([{ field: 'sort', message: 'sort is not an allowed field' }]);
    });
  });

  describe('the counts', () => {
    it('answer the count fields of SPEC.md §3 and follow the cases', async () => {
      const count = async (path: string) => (await get(`/api/patients/${path}/count`).expect(200)).body as Record<string, number>;
      const before = {
        all: await count('all'), admitted: await count('admitted'), open: await count('opencase'), cases: await count('allcases'),
      };
      expect(Object.keys(before.all)).toEqual(['numOfPatients']);
      expect(Object.keys(before.admitted)).toEqual(['numOfAdmittedPatients']);
      expect(Object.keys(before.open)).toEqual(['numOfPatientWithOpenCase']);
      expect(Object.keys(before.cases).sort()).toEqual(['numOfCases', 'numOfOpenCases']);

      const patient = await createPatient(t, admin);
      await createCase(t, admin, patient._id, closableObBody(nextCaseNum(), { dischargeDate: null }));
      expect(await count('all')).toEqual({ numOfPatients: before.all.numOfPatients + 1 });
      expect(await count('admitted')).toEqual({ numOfAdmittedPatients: before.admitted.numOfAdmittedPatients + 1 });
      expect(await count('opencase')).toEqual({ numOfPatientWithOpenCase: before.open.numOfPatientWithOpenCase + 1 });
      expect(await count('allcases')).toEqual({
        numOfCases: before.cases.numOfCases + 1,
        numOfOpenCases: before.cases.numOfOpenCases + 1,
      });
    });
  });

  describe('duplicate detection (issue 14 item 3): GET /patients/duplicates', () => {
    const duplicates = async (query: Record<string, string>, as: SignedIn = admin) =>
      (await get(`/api/patients/duplicates?${new URLSearchParams(query)}`, as).expect(200)).body as { items: PatientListItem[] };

    it('answers the existing patients with the same name (case and spaces ignored) and the same birth date', async () => {
      const birthDate = '1987-04-23';
      const lastName = `Dup${Date.now()}`;
      const same = await createPatient(t, admin, { firstName: 'Maria', lastName, birthDate });
      await createPatient(t, admin, { firstName: 'Maria', lastName, birthDate: '1987-04-24' });
      await createPatient(t, admin, { firstName: 'Mara', lastName, birthDate });
      const found = await duplicates({ firstName: '  maria ', lastName: lastName.toUpperCase(), birthDate });
      expect(found.items.map((p) => p._id)).toEqual([same._id]);
      expect(found.items[0]).toMatchObject({ firstName: 'Maria', lastName, birthDate, avatar: null });
      expect((await duplicates({ firstName: 'Maria', lastName: 'Nobody', birthDate })).items).toEqual([]);
    });

    it('needs a first name and a real birth date, and the get_patients permission', async () => {
      const missing = await get('/api/patients/duplicates?birthDate=1990-01-01').expect(400);
      expect((missing.body as ErrorEnvelope).errors).toEqual(expect.arrayContaining([{ field: 'firstName', message: 'First name is required' }]));
      await get('/api/patients/duplicates?firstName=Ana&birthDate=1990-02-31').expect(400);
      const stranger = await t.createUserWithRole([PERMISSIONS.SAVE_PATIENT]);
      await get('/api/patients/duplicates?firstName=Ana&birthDate=1990-01-01', stranger).expect(403);
    });
  });

  describe('garbage is refused (issue 13 item 8)', () => {
    it('refuses a birth date before 1900-01-01 or in the future', async () => {
      for (const birthDate of ['1000-01-01', '1899-12-31']) {
        const res = await post('/api/patients', { firstName: 'Ana', lastName: 'Old', birthDate }).expect(400);
        expect((res.body as ErrorEnvelope).errors?.map((e) => e.field)).toEqual(['birthDate']);
      }
      await post('/api/patients', { firstName: 'Ana', lastName: 'Old', birthDate: '1900-01-01' }).expect(201);
    });

    it('refuses a history list that repeats an entry', async () => {
      const res = await post('/api/patients', {
        firstName: 'Ana', birthDate: yearsAgo(40),
        medicalHistory: [{ conditionId: 101, categoryId: 1 }, { conditionId: 101, categoryId: 1 }],
      }).expect(400);
      expect((res.body as ErrorEnvelope).errors).toEqual([{ field: 'medicalHistory', message: 'Past Medical Conditions: entry 2 repeats an earlier entry' }]);
    });
  });

  describe('permissions', () => {
    it('answers 401 without a token and 403 to a role lacking the permission', async () => {
      await t.http.get('/api/patients').expect(401);
      const patient = await createPatient(t, admin);
      const reader = await t.createUserWithRole([PERMISSIONS.GET_PATIENTS]);
      await get('/api/patients', reader).expect(200);
      await get('/api/patients/all/count', reader).expect(200);
      await get(`/api/patients/${patient._id}`, reader).expect(403);
      await post('/api/patients', { firstName: 'Ana', birthDate: yearsAgo(30) }, reader).expect(403);
      await put(`/api/patients/${patient._id}`, { firstName: 'Ana' }, reader).expect(403);
      const viewer = await t.createUserWithRole([PERMISSIONS.FIND_PATIENT]);
      await get(`/api/patients/${patient._id}`, viewer).expect(200);
      await get('/api/patients', viewer).expect(403);
    });
  });
});
