import type { AuditEntry, Paged } from '@pnss/libs/api';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { createSigner } from 'fast-jwt';
import { closableObBody, createCase, createPatient, nextCaseNum } from './support/patient-cases.js';
import { useTestApp } from './support/use-test-app.js';

/** Issue 13 item 10: who read which patient's data, and every refused access, without the data itself. */
describe('the audit log records patient-data reads and refused accesses', () => {
  const { t, admin, get } = useTestApp({ timeout: 120_000 });

  /** GET /api/audit writes the rows still buffered in memory first, so what was read shows at once. */
  const audit = async (query: string) => ((await get(`/api/audit?${query}`).expect(200)).body as Paged<AuditEntry>).items;

  it('records a patient read with who read it and which patient, and never the patient data', async () => {
    const patient = await createPatient(t, admin, { firstName: 'Zenaida', lastName: 'Quisumbing' });
    await get(`/api/patients/${patient._id}`).expect(200);
    const rows = await audit(`action=read&entity=patient_read&entityId=${patient._id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUsername: 'admin', entity: 'patient_read', entityId: patient._id, action: 'read' });
    expect(rows[0].changes).toEqual(expect.arrayContaining([{ field: 'route', old: null, new: 'GET /api/patients/:patientid' }]));
    expect(JSON.stringify(rows[0])).not.toMatch(/Zenaida|Quisumbing/);
  });

  it('records a list or search with the ids it answered, the filters, and whether a search was typed (not its text)', async () => {
    const patient = await createPatient(t, admin, { firstName: 'Herminia', lastName: 'Katigbak' });
    await get('/api/patients?search=Katigbak&tag=allPatients').expect(200);
    const [row] = await audit('action=read_list&entity=patient_read');
    expect(row.actorUsername).toBe('admin');
    expect(row.changes).toEqual(
      expect.arrayContaining([
        { field: 'query', old: null, new: { tag: 'allPatients', search: true } },
        { field: 'patientIds', old: null, new: [patient._id] },
      ]),
    );
    expect(JSON.stringify(row)).not.toMatch(/Katigbak|Herminia/);
  });

  it('records reads of a case form, a case information screen and the cases list', async () => {
    const patient = await createPatient(t, admin);
    const c = await createCase(t, admin, patient._id, closableObBody(nextCaseNum('READ')));
    await get(`/api/patients/${patient._id}/cases/${c._id}`).expect(200);
    await get(`/api/patientcases/${c._id}`).expect(200);
    await get(`/api/patientcases?search=${encodeURIComponent(c.caseNum)}`).expect(200);
    const reads = await audit(`entity=case_read&entityId=${c._id}`);
    expect(reads.map((r) => r.changes.find((x) => x.field === 'route')?.new).sort()).toEqual([
      'GET /api/patientcases/:caseid',
      'GET /api/patients/:patientid/cases/:caseid',
    ]);
    expect(reads.find((r) => r.changes.some((x) => x.field === 'patientId'))?.changes).toEqual(
      expect.arrayContaining([{ field: 'patientId', old: null, new: patient._id }]),
    );
    const [list] = await audit('action=read_list&entity=case_read');
    expect(list.changes).toEqual(expect.arrayContaining([{ field: 'caseIds', old: null, new: [c._id] }]));
  });

  it('records a 401 with the route and the reason, and answers it with WWW-Authenticate: Bearer', async () => {
    const answer = await t.http.get('/api/patients/allcases/count').expect(401);
    expect(answer.headers['www-authenticate']).toBe('Bearer');
    const [row] = await audit('action=access_unauthenticated');
    expect(row).toMatchObject({ actorId: null, entity: 'route', entityId: 'GET /api/patients/allcases/count' });
    expect(row.changes).toEqual(expect.arrayContaining([{ field: 'reason', old: null, new: 'no bearer token' }]));
  });

  it('refuses a session check without a token or with a revoked one as any route: 401, WWW-Authenticate, and the refusal recorded', async () => {
    const missing = await t.http.post('/api/accounts/auth').expect(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect(missing.body).toEqual({ statusCode: 401, message: 'Please sign in to continue' });
    const [first] = await audit('action=access_unauthenticated');
    expect(first).toMatchObject({ actorId: null, entity: 'route', entityId: 'POST /api/accounts/auth' });
    expect(first.changes).toEqual(expect.arrayContaining([{ field: 'reason', old: null, new: 'no bearer token' }]));

    const user = await t.createUserWithRole('reporting');
    await t.http.post('/api/accounts/auth').set('Authorization', user.authorization).expect(200);
    await t.http.post('/api/accounts/logout').set('Authorization', user.authorization).expect(200);
    const revoked = await t.http.post('/api/accounts/auth').set('Authorization', user.authorization).expect(401);
    expect(revoked.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(revoked.body).toEqual({ statusCode: 401, message: 'Your session has ended. Please sign in again.' });
    const [second] = await audit('action=access_unauthenticated');
    expect(second).toMatchObject({ entityId: 'POST /api/accounts/auth' });
    expect(second.changes).toEqual(expect.arrayContaining([{ field: 'reason', old: null, new: 'token refused' }]));
  });

  it('refuses a token without exp (401, Bearer error="invalid_token") and records the refusal', async () => {
    const noExpiry = createSigner({ key: t.config.jwtSecret, algorithm: 'HS256' })({
      sub: admin.user._id,
      sid: '00000000-0000-4000-8000-000000000000',
    });
    const answer = await t.http.get('/api/patients').set('Authorization', `Bearer ${noExpiry}`).expect(401);
    expect(answer.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    const rows = await audit('action=access_unauthenticated');
    expect(rows[0]).toMatchObject({ entityId: 'GET /api/patients' });
    expect(rows[0].changes).toEqual(expect.arrayContaining([{ field: 'reason', old: null, new: 'token refused' }]));
  });

  it('records a 403 with who was refused, the route and the reason', async () => {
    const reader = await t.createUserWithRole([PERMISSIONS.GET_PATIENTS]);
    await get('/api/patientcases', reader).expect(403);
    const [row] = await audit('action=access_denied');
    expect(row).toMatchObject({ actorId: reader.user._id, actorUsername: reader.username, entity: 'route', entityId: 'GET /api/patientcases' });
    expect(row.changes).toEqual(expect.arrayContaining([{ field: 'reason', old: null, new: 'permission missing' }]));
  });

  it('keeps the change history of a patient free of reads', async () => {
    const patient = await createPatient(t, admin);
    await get(`/api/patients/${patient._id}`).expect(200);
    const history = await audit(`entity=patient&entityId=${patient._id}`);
    expect(history.map((r) => r.action)).toEqual(['create']);
  });
});
