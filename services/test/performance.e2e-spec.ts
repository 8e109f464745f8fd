import type { Paged, PatientCounts, PatientListItem, Role } from '@pnss/libs/api';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { sql } from 'drizzle-orm';
import { closableGyneBody, closableObBody, createCase, createPatient, nextCaseNum } from './support/patient-cases.js';
import { useTestApp } from './support/use-test-app.js';

/**
 * Issue 12: the counts come from counters kept by triggers, pages from an index walk, sessions from a
 * short-lived cache. These prove the fast paths give the same answers as the slow ones did.
 */
describe('lists, counts and sessions that stay fast give the same answers', () => {
  const { t, admin, get, put } = useTestApp({ timeout: 120_000 });

  /** The four counts, counted the slow way from the rows (archived cases left out, SPEC.md §3). */
  async function recount(): Promise<PatientCounts> {
    const [row] = (
      (await t.database.db.execute(sql`
        select (select count(*) from patients) as "numOfPatients",
               (select count(distinct patient_id) from patient_cases where discharge_date is null and not is_archived) as "numOfAdmittedPatients",
               (select count(distinct patient_id) from patient_cases where not is_close and not is_archived) as "numOfPatientWithOpenCase",
               (select count(*) from patient_cases where not is_archived) as "numOfCases",
               (select count(*) from patient_cases where not is_close and not is_archived) as "numOfOpenCases"`)) as {
        rows: Record<keyof PatientCounts, string>[];
      }
    ).rows;
    return {
      numOfPatients: Number(row.numOfPatients),
      numOfAdmittedPatients: Number(row.numOfAdmittedPatients),
      numOfPatientWithOpenCase: Number(row.numOfPatientWithOpenCase),
      numOfCases: Number(row.numOfCases),
      numOfOpenCases: Number(row.numOfOpenCases),
    };
  }

  async function counts(): Promise<PatientCounts> {
    const parts = await Promise.all(
      ['all', 'admitted', 'opencase', 'allcases'].map(async (kind) => (await get(`/api/patients/${kind}/count`).expect(200)).body as Partial<PatientCounts>),
    );
    return Object.assign({}, ...parts) as PatientCounts;
  }

  it('keeps the four counts exact through create, close, reopen, archive and unarchive', async () => {
    const first = await createPatient(t, admin);
    const second = await createPatient(t, admin);
    expect(await counts()).toEqual(await recount());
    const ob = await createCase(t, admin, first._id, closableObBody(nextCaseNum('CNT')));
    const gyne = await createCase(t, admin, first._id, closableGyneBody(nextCaseNum('CNT')));
    const other = await createCase(t, admin, second._id, { caseNum: nextCaseNum('CNT'), caseFormType: 1 });
    const before = await counts();
    expect(before).toEqual(await recount());

    await put(`/api/patients/${first._id}/cases/${ob._id}/close`).expect(200);
    expect(await counts()).toEqual(await recount());
    await put(`/api/patients/${first._id}/cases/${gyne._id}/close`).expect(200);
    const closed = await counts();
    expect(closed).toEqual(await recount());
    expect(closed.numOfPatientWithOpenCase).toBe(before.numOfPatientWithOpenCase - 1);
    expect(closed.numOfOpenCases).toBe(before.numOfOpenCases - 2);

    await put(`/api/patients/${first._id}/cases/${ob._id}/reopen`).expect(200);
    expect(await counts()).toEqual(await recount());
    await put(`/api/patients/${second._id}/cases/${other._id}/archive`).expect(200);
    const archived = await counts();
    expect(archived).toEqual(await recount());
    expect(archived.numOfCases).toBe(before.numOfCases - 1);
    await put(`/api/patients/${second._id}/cases/${other._id}/unarchive`).expect(200);
    expect(await counts()).toEqual(await recount());
  });

  it('counts each filtered list exactly, from the counters or from the rows', async () => {
    const all = await recount();
    const patients = (await get('/api/patients').expect(200)).body as Paged<PatientListItem>;
    expect(patients.count).toBe(all.numOfPatients);
    expect(((await get('/api/patients?tag=openCase').expect(200)).body as Paged<unknown>).count).toBe(all.numOfPatientWithOpenCase);
    expect(((await get('/api/patients?tag=admitted').expect(200)).body as Paged<unknown>).count).toBe(all.numOfAdmittedPatients);
    expect(((await get('/api/patientcases').expect(200)).body as Paged<unknown>).count).toBe(all.numOfCases);
    expect(((await get('/api/patientcases?tag=openCase').expect(200)).body as Paged<unknown>).count).toBe(all.numOfOpenCases);
    // The flags of a row agree with the counts behind them.
    expect(patients.items.filter((p) => p.hasOpenCase)).toHaveLength(all.numOfPatientWithOpenCase);
    expect(patients.items.filter((p) => p.isAdmitted)).toHaveLength(all.numOfAdmittedPatients);
  });

  it('pages patients 100 at a time in last-name, first-name order, with no patient on two pages', async () => {
    const made = [];
    for (let i = 0; i < 105; i += 1) made.push(createPatient(t, admin, { firstName: `Page${String(i).padStart(3, '0')}`, lastName: 'Pagingtest' }));
    await Promise.all(made);
    const search = 'search=Pagingtest';
    const first = (await get(`/api/patients?${search}&page=0`).expect(200)).body as Paged<PatientListItem>;
    const second = (await get(`/api/patients?${search}&page=1`).expect(200)).body as Paged<PatientListItem>;
    expect(first.count).toBe(105);
    expect([first.items.length, second.items.length]).toEqual([100, 5]);
    const names = [...first.items, ...second.items].map((p) => p.firstName);
    expect(names).toEqual(Array.from({ length: 105 }, (_, i) => `Page${String(i).padStart(3, '0')}`));
    const all = (await get('/api/patients?page=0').expect(200)).body as Paged<PatientListItem>;
    const keys = all.items.map((p) => `${p.lastName.toLowerCase()}\u0000${p.firstName.toLowerCase()}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('finds a name by any part of any word, whatever its case, first, middle or last', async () => {
    const patient = await createPatient(t, admin, { firstName: 'Clarissa', middleName: 'Navarro', lastName: 'Dimaculangan' });
    for (const search of ['clar', 'AVARR', 'maculang', 'issa dimac']) {
      const ids = ((await get(`/api/patients?search=${encodeURIComponent(search)}`).expect(200)).body as Paged<PatientListItem>).items.map((p) => p._id);
      expect(ids).toContain(patient._id);
    }
    const none = (await get('/api/patients?search=clarissa%20zzz').expect(200)).body as Paged<PatientListItem>;
    expect(none.count).toBe(0);
  });

  it('refuses a session at the very next request after sign-out, though it was just served from the cache', async () => {
    const user = await t.createUserWithRole([PERMISSIONS.GET_PATIENTS]);
    await get('/api/patients/all/count', user).expect(200);
    await get('/api/patients/all/count', user).expect(200);
    await t.http.post('/api/accounts/logout').set('Authorization', user.authorization).expect(200);
    await get('/api/patients/all/count', user).expect(401);
  });

  it('applies a role change at the very next request, though the session was just served from the cache', async () => {
    const user = await t.createUserWithRole([PERMISSIONS.GET_PATIENTS]);
    await get('/api/patients/all/count', user).expect(200);
    const roles = (await get('/api/roles').expect(200)).body as Role[];
    const role = roles.find((r) => r.roleName === user.role);
    expect(role).toBeDefined();
    await t.http
      .put('/api/roles')
      .set('Authorization', admin.authorization)
      .send([{ _id: role?._id, rolePermissions: [PERMISSIONS.FIND_PATIENT] }])
      .expect(200);
    await get('/api/patients/all/count', user).expect(403);
  });
});
