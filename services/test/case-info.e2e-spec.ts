import type { AuditEntry, CaseForm, ErrorEnvelope, Paged, Patient } from '@pnss/libs/api';
import { ageAtAdmission } from '@pnss/libs/derived';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { patientCases } from '../src/database/patients.schema.js';
import { closableGyneBody, closableObBody, createCase, createPatient, daysAgo, nextCaseNum, yearsAgo } from './support/patient-cases.js';
import { useTestApp } from './support/use-test-app.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** The new patient's name the case-information screen now asks for (issue 14 item 3). */
const NAMED = { firstName: 'Ana', lastName: 'Reyes' };

interface CaseInfoAnswer {
  _id: string;
  caseid: string;
  patientid: string;
  caseNum: string;
  birthDate: string | null;
  pediatricConfirmed: boolean;
  version: number;
}

describe('the case-information screen and the cases list (SPEC.md §2, §7)', () => {
  const { t, admin, get, post, put } = useTestApp();

  const errorsOf = (body: unknown) => (body as ErrorEnvelope).errors;

  describe('POST /patientcases', () => {
    it('creates the patient and the case, answering the patient id as _id and the case id as caseid', async () => {
      const caseNum = nextCaseNum('PCRN');
      const birthDate = yearsAgo(35);
      const res = await post('/api/patientcases', { caseid: null, caseNum, firstName: ' Maria ', middleName: 'Santos', lastName: 'Dela Cruz', birthDate, pediatricConfirmed: false }).expect(201);
      const answer = res.body as CaseInfoAnswer;
      expect(answer).toEqual({
        _id: answer.patientid, caseid: expect.any(String), patientid: expect.any(String), caseNum, birthDate, pediatricConfirmed: false, version: 1,
      });

      const patient = (await get(`/api/patients/${answer._id}`).expect(200)).body as Patient;
      expect(patient).toMatchObject({ firstName: 'Maria', middleName: 'Santos', lastName: 'Dela Cruz', birthDate, hasOpenCase: true, isAdmitted: true });
      const stored = (await get(`/api/patients/${answer._id}/cases/${answer.caseid}`).expect(200)).body as CaseForm;
      expect(stored).toMatchObject({ caseNum, patientid: answer._id, isClose: false, version: 1 });

      const audit = (await get(`/api/audit?entity=patient&entityId=${answer._id}`).expect(200)).body as Paged<AuditEntry>;
      expect(audit.items.map((e) => e.action).filter((action) => action !== 'read')).toEqual(['create']);
    });

    it("names the new patient by the patient's name rule: 400 'First name is required', no patient and no case created", async () => {
      const count = async () => ((await get('/api/patients/all/count').expect(200)).body as { numOfPatients: number }).numOfPatients;
      const before = await count();
      const res = await post('/api/patientcases', { caseNum: nextCaseNum(), birthDate: yearsAgo(30), firstName: '  ' }).expect(400);
      expect(errorsOf(res.body)).toEqual([{ field: 'firstName', label: 'First Name', message: 'First name is required' }]);
      expect(await count()).toBe(before);
    });

    it('a patient known by one name (no last name) is created here as on New Patient (issue 25 item 13)', async () => {
      const answer = (await post('/api/patientcases', { caseNum: nextCaseNum(), birthDate: yearsAgo(30), firstName: 'Imelda' }).expect(201)).body as CaseInfoAnswer;
      expect((await get(`/api/patients/${answer.patientid}`).expect(200)).body).toMatchObject({ firstName: 'Imelda', lastName: '' });
      const patient = (await post('/api/patients', { firstName: 'Imelda', birthDate: yearsAgo(30) }).expect(201)).body as { lastName: string };
      expect(patient.lastName).toBe('');
    });

    it("requires the case number: 400 naming caseNum 'Case number is required'", async () => {
      const res = await post('/api/patientcases', { caseNum: ' ', birthDate: yearsAgo(30), ...NAMED }).expect(400);
      expect(errorsOf(res.body)).toEqual([{ field: 'caseNum', label: 'Case Number', message: 'Case number is required' }]);
    });

    it("requires the pediatric confirmation under 19: 'Please confirm that patient is a pediatric case.'", async () => {
      const res = await post('/api/patientcases', { caseNum: nextCaseNum(), birthDate: yearsAgo(16), ...NAMED }).expect(400);
      expect(errorsOf(res.body)).toEqual([
        { field: 'pediatricConfirmed', label: 'Pediatric Case', message: 'Please confirm that patient is a pediatric case.' },
      ]);
      await post('/api/patientcases', { caseNum: nextCaseNum(), birthDate: yearsAgo(16), pediatricConfirmed: true, ...NAMED }).expect(201);
    });

    it('adds the case to an existing patient when patientid is sent', async () => {
      const patient = await createPatient(t, admin);
      const res = await post('/api/patientcases', { caseNum: nextCaseNum(), patientid: patient._id }).expect(201);
      expect((res.body as CaseInfoAnswer)._id).toBe(patient._id);
      expect((await get(`/api/patients/${patient._id}/cases`).expect(200)).body).toHaveLength(1);
      await post('/api/patientcases', { caseNum: nextCaseNum(), patientid: UNKNOWN_ID }).expect(404);
      await post('/api/patientcases', { caseNum: nextCaseNum(), patientid: 'abc' }).expect(400);
    });

    it('refuses a case number that exists and creates no patient for it', async () => {
      const caseNum = nextCaseNum();
      await post('/api/patientcases', { caseNum, birthDate: yearsAgo(30), ...NAMED }).expect(201);
      const count = async () => ((await get('/api/patients/all/count').expect(200)).body as { numOfPatients: number }).numOfPatients;
      const before = await count();
      await post('/api/patientcases', { caseNum: caseNum.toLowerCase(), birthDate: yearsAgo(30), ...NAMED }).expect(409, {
        statusCode: 409, message: 'Case number already exists', errors: [{ field: 'caseNum', message: 'Case number already exists' }],
      });
      expect(await count()).toBe(before);
    });

    it('refuses unknown fields and a malformed birth date', async () => {
      const extra = await post('/api/patientcases', { caseNum: nextCaseNum(), ...NAMED, nickname: 'Ana' }).expect(400);
      expect(errorsOf(extra.body)).toEqual([{ field: 'nickname', message: 'nickname is not an allowed field' }]);
      const date = await post('/api/patientcases', { caseNum: nextCaseNum(), birthDate: '1990-13-01', ...NAMED }).expect(400);
      expect(errorsOf(date.body)).toEqual([{ field: 'birthDate', message: 'Birth date must be a date (YYYY-MM-DD)' }]);
      const ancient = await post('/api/patientcases', { caseNum: nextCaseNum(), birthDate: '1000-01-01', ...NAMED }).expect(400);
      expect(errorsOf(ancient.body)).toEqual([{ field: 'birthDate', message: 'Birth date must be between 1900-01-01 and 2099-12-31' }]);
      const early = await post('/api/patientcases', { caseNum: nextCaseNum(), birthDate: '1899-12-31', ...NAMED }).expect(400);
      expect(errorsOf(early.body)?.map((e) => e.field)).toEqual(['birthDate']);
    });

    it('needs save_patient as well to create the patient', async () => {
      const creator = await t.createUserWithRole([PERMISSIONS.CREATE_NEW_CASE]);
      await post('/api/patientcases', { caseNum: nextCaseNum(), birthDate: yearsAgo(30), ...NAMED }, creator).expect(403);
      const patient = await createPatient(t, admin);
      await post('/api/patientcases', { caseNum: nextCaseNum(), patientid: patient._id }, creator).expect(201);
      await post('/api/patientcases', { caseNum: nextCaseNum(), patientid: patient._id, birthDate: yearsAgo(40) }, creator).expect(403);
    });
  });

  describe('GET and PUT /patientcases/:caseid', () => {
    it('answers the case information with the case id as _id', async () => {
      const patient = await createPatient(t, admin, { birthDate: yearsAgo(25) });
      const c = await createCase(t, admin, patient._id, { caseNum: nextCaseNum() });
      const res = await get(`/api/patientcases/${c._id}`).expect(200);
      expect(res.body).toEqual({
        _id: c._id, caseid: c._id, patientid: patient._id, caseNum: c.caseNum,
        firstName: patient.firstName, middleName: patient.middleName, lastName: patient.lastName, birthDate: patient.birthDate,
        pediatricConfirmed: false, isClose: false, isArchived: false, version: 1,
      });
      await get(`/api/patientcases/${UNKNOWN_ID}`).expect(404, { statusCode: 404, message: 'Case not found' });
      await get('/api/patientcases/not-a-uuid').expect(400);
    });

    it("changes the case number and the patient's birth date, recomputing the age at admission", async () => {
      const patient = await createPatient(t, admin, { birthDate: yearsAgo(25) });
      const c = await createCase(t, admin, patient._id, closableObBody(nextCaseNum()));
      const newBirthDate = yearsAgo(33);
      const caseNum = nextCaseNum('RENUMBERED');
      const res = await put(`/api/patientcases/${c._id}`, { _id: c._id, caseNum, birthDate: newBirthDate, version: 1 }).expect(200);
      expect(res.body).toEqual({
        _id: patient._id, caseid: c._id, patientid: patient._id, caseNum, birthDate: newBirthDate, pediatricConfirmed: false, version: 2,
      });
      const stored = (await get(`/api/patients/${patient._id}/cases/${c._id}`).expect(200)).body as CaseForm;
      expect(stored).toMatchObject({ caseNum, version: 2, age: ageAtAdmission(newBirthDate, c.admissionDate) });
      expect(((await get(`/api/patients/${patient._id}`).expect(200)).body as Patient).birthDate).toBe(newBirthDate);
    });

    it('refuses a stale version with the newer case, a case number taken, and a missing case number', async () => {
      const patient = await createPatient(t, admin);
      const c = await createCase(t, admin, patient._id, { caseNum: nextCaseNum() });
      const other = await createCase(t, admin, patient._id, { caseNum: nextCaseNum() });
      await put(`/api/patientcases/${c._id}`, { caseNum: nextCaseNum(), version: 1 }).expect(200);
      const stale = await put(`/api/patientcases/${c._id}`, { caseNum: nextCaseNum(), version: 1 }).expect(409);
      expect(stale.body).toMatchObject({ current: { _id: c._id, version: 2 } });
      await put(`/api/patientcases/${c._id}`, { caseNum: other.caseNum, version: 2 }).expect(409);
      const missing = await put(`/api/patientcases/${c._id}`, { caseNum: '', version: 2 }).expect(400);
      expect(errorsOf(missing.body)?.[0]).toMatchObject({ field: 'caseNum', message: 'Case number is required' });
    });

    it('needs update_patient as well to change the birth date', async () => {
      const patient = await createPatient(t, admin);
      const c = await createCase(t, admin, patient._id, { caseNum: nextCaseNum() });
      const editor = await t.createUserWithRole([PERMISSIONS.UPDATE_PATIENT_CASE]);
      await put(`/api/patientcases/${c._id}`, { caseNum: nextCaseNum(), version: 1 }, editor).expect(200);
      await put(`/api/patientcases/${c._id}`, { birthDate: yearsAgo(50), version: 2 }, editor).expect(403);
      await put(`/api/patientcases/${c._id}`, { lastName: 'Renamed', version: 2 }, editor).expect(403);
      await put(`/api/patientcases/${c._id}`, { caseNum: nextCaseNum(), version: 2 }, await t.createUserWithRole([PERMISSIONS.CREATE_NEW_CASE])).expect(403);
    });

    it("requires the version being edited (issue 13 item 12): 400 naming 'version', nothing written", async () => {
      const patient = await createPatient(t, admin);
      const c = await createCase(t, admin, patient._id, { caseNum: nextCaseNum() });
      const res = await put(`/api/patientcases/${c._id}`, { caseNum: nextCaseNum() }).expect(400);
      expect(errorsOf(res.body)).toEqual([{ field: 'version', message: 'version is required: send the version of the case you opened' }]);
      expect(((await get(`/api/patientcases/${c._id}`).expect(200)).body as { caseNum: string }).caseNum).toBe(c.caseNum);
    });

    it('renames the patient when names are sent, and refuses a blank first name', async () => {
      const patient = await createPatient(t, admin);
      const c = await createCase(t, admin, patient._id, { caseNum: nextCaseNum() });
      const renamed = await put(`/api/patientcases/${c._id}`, { firstName: 'Luz', lastName: 'Ramos', version: 1 }).expect(200);
      expect((await get(`/api/patients/${patient._id}`).expect(200)).body).toMatchObject({ firstName: 'Luz', lastName: 'Ramos' });
      const { version } = renamed.body as CaseInfoAnswer;
      const blank = await put(`/api/patientcases/${c._id}`, { firstName: ' ', version }).expect(400);
      expect(errorsOf(blank.body)).toEqual([{ field: 'firstName', label: 'First Name', message: 'First name is required' }]);
    });
  });

  describe('GET /patientcases, the cases list', () => {
    it('answers { items, count, offset } with the list fields of a case', async () => {
      const patient = await createPatient(t, admin, { birthDate: yearsAgo(29) });
      const c = await createCase(t, admin, patient._id, closableGyneBody(nextCaseNum('LISTED')));
      const res = await get(`/api/patientcases?search=${encodeURIComponent(c.caseNum)}`).expect(200);
      expect(res.body).toEqual({
        items: [
          {
            _id: c._id, caseNum: c.caseNum, patientid: patient._id, caseFormType: 2, isPregnancy: false, isGyne: true,
            isClose: false, isArchived: false, submissionId: null, admissionDate: c.admissionDate, dischargeDate: c.dischargeDate,
            age: c.age, birthDate: patient.birthDate, version: 1, updatedAt: c.updatedAt,
            firstName: patient.firstName, middleName: patient.middleName, lastName: patient.lastName,
          },
        ],
        count: 1,
        offset: 0,
      });
    });

    it('filters All, OB, Gyne and Archived cases, Open Case or All, case number and admission dates', async () => {
      const prefix = `F${Date.now().toString(36)}`;
      const patient = await createPatient(t, admin);
      const ob = await createCase(t, admin, patient._id, closableObBody(`${prefix}-ob`));
      const gyne = await createCase(t, admin, patient._id, closableGyneBody(`${prefix}-gyne`));
      const archived = await createCase(t, admin, patient._id, { caseNum: `${prefix}-archived`, caseFormType: 1 });
      await put(`/api/patients/${patient._id}/cases/${archived._id}/archive`, {}).expect(200);
      await put(`/api/patients/${patient._id}/cases/${gyne._id}/close`, {}).expect(200);

      const nums = async (query: string) =>
        ((await get(`/api/patientcases?search=${prefix.toUpperCase()}&${query}`).expect(200)).body as Paged<{ caseNum: string }>).items
          .map((i) => i.caseNum.slice(prefix.length + 1))
          .sort();
      expect(await nums('cases=all')).toEqual(['gyne', 'ob']);
      expect(await nums('cases=OB')).toEqual(['ob']);
      expect(await nums('cases=Gyne')).toEqual(['gyne']);
      expect(await nums('cases=archived')).toEqual(['archived']);
      expect(await nums('tag=openCase')).toEqual(['ob']);
      expect(await nums('tag=all')).toEqual(['gyne', 'ob']);
      expect(await nums(`fromdate=${daysAgo(20)}`)).toEqual(['ob']);
      expect(await nums(`fromdate=${daysAgo(45)}&todate=${daysAgo(30)}`)).toEqual(['gyne']);
      expect(ob.caseNum).toBe(`${prefix}-ob`);
    });

    it('pages by 100 in the database, newest first', async () => {
      const patient = await createPatient(t, admin);
      const prefix = `PG${Date.now().toString(36)}`;
      const base = Date.now();
      await t.database.db.insert(patientCases).values(
        Array.from({ length: 101 }, (_, i) => ({
          patientId: patient._id, caseNum: `${prefix}-${String(i).padStart(3, '0')}`, createdAt: new Date(base + i * 1000),
        })),
      );
      const first = (await get(`/api/patientcases?search=${prefix}`).expect(200)).body as Paged<{ caseNum: string }>;
      expect(first).toMatchObject({ count: 101, offset: 0 });
      expect(first.items).toHaveLength(100);
      expect(first.items[0].caseNum).toBe(`${prefix}-100`);
      const second = (await get(`/api/patientcases?search=${prefix}&page=1`).expect(200)).body as Paged<{ caseNum: string }>;
      expect(second).toEqual({ items: [expect.objectContaining({ caseNum: `${prefix}-000` })], count: 101, offset: 1 });
    });

    it('refuses unknown filters, and needs get_all_case', async () => {
      await get('/api/patientcases?cases=closed').expect(400);
      await get('/api/patientcases?tag=everything').expect(400);
      await get('/api/patientcases', await t.createUserWithRole([PERMISSIONS.GET_PATIENTS])).expect(403);
      await get('/api/patientcases', await t.createUserWithRole([PERMISSIONS.GET_ALL_CASE])).expect(200);
    });
  });
});
