import type { AuditEntry, CensusPackage, Paged } from '@pnss/libs/api';
import { PERMISSIONS, routeAccess } from '@pnss/libs/permissions';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, auditPending } from '../src/database/schema.js';
import { closedCase, packageOf } from './support/census.js';
import { createSigner } from 'fast-jwt';
import { closableObBody, createCase, createPatient, nextCaseNum } from './support/patient-cases.js';
import { useTestApp } from './support/use-test-app.js';

/** Issue 13 item 10: who read which patient's data, and every refused access, without the data itself. */
describe('the audit log records patient-data reads and refused accesses', () => {
  const { t, admin, get } = useTestApp({ timeout: 120_000 });

  /** GET /api/audit writes the refusals still in memory and chains the stored rows first, so what was read shows at once. */
  const audit = async (query: string) => ((await get(`/api/audit?${query}`).expect(200)).body as Paged<AuditEntry>).items;

  it('records a patient read with who read it and which patient, and never the patient data', async () => {
    const patient = await createPatient(t, admin, { firstName: 'Zenaida', lastName: 'Quisumbing' });
    await get(`/api/patients/${patient._id}`).expect(200);
    const rows = await audit(`action=read&entity=patient_read&entityId=${patient._id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUsername: 'admin', entity: 'patient_read', entityId: patient._id, action: 'read' });
    // One row, stored by the read's own statement (read-audit.ts), naming the route and nothing else.
    expect(rows[0].changes).toEqual([{ field: 'route', old: null, new: 'GET /api/patients/:patientid' }]);
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

  it('reads by id under way together (the hook then groups their rows) and a read alone (its statement stores its row) each store exactly one row', async () => {
    const patients = await Promise.all([1, 2, 3, 4, 5].map(() => createPatient(t, admin)));
    await Promise.all(patients.map((p) => get(`/api/patients/${p._id}`).expect(200)));
    await get(`/api/patients/${patients[0]._id}`).expect(200);
    const counts = await Promise.all(patients.map(async (p) => (await audit(`action=read&entity=patient_read&entityId=${p._id}`)).length));
    expect(counts).toEqual([2, 1, 1, 1, 1]);
  });

  it("records one row for a case form read, stored by the read's own statement, and none for a case asked under another patient (404)", async () => {
    const patient = await createPatient(t, admin);
    const other = await createPatient(t, admin);
    const c = await createCase(t, admin, patient._id, closableObBody(nextCaseNum('READ')));
    const form = (await get(`/api/patients/${patient._id}/cases/${c._id}`).expect(200)).body as { _id: string; caseNum: string };
    expect(form).toMatchObject({ _id: c._id, caseNum: c.caseNum });
    await get(`/api/patients/${other._id}/cases/${c._id}`).expect(404);
    const reads = await audit(`entity=case_read&entityId=${c._id}`);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ actorUsername: 'admin', action: 'read' });
    expect(reads[0].changes).toEqual([
      { field: 'route', old: null, new: 'GET /api/patients/:patientid/cases/:caseid' },
      { field: 'patientId', old: null, new: patient._id },
    ]);
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

  describe('issue 27 item 5: every route that answers patient data is audited, as the route table states', () => {
    it("records the four reads that answer patients' names and birth dates: closed cases, a case type's list, the duplicate check, a package's cases", async () => {
      const { patient, form } = await closedCase(t, admin);
      await get('/api/submissions/cases/closed').expect(200);
      await get('/api/submissions/maternalfetalcase').expect(200);
      await get(`/api/patients/duplicates?firstName=${encodeURIComponent(patient.firstName)}&lastName=${encodeURIComponent(patient.lastName ?? '')}&birthDate=${patient.birthDate}`).expect(200);
      const pkg: CensusPackage = await packageOf(t, admin, [form._id as string]);
      await get(`/api/submissions/cases/packaged/${pkg.submissionId}`).expect(200);
      const routes = (await audit('action=read_list')).map((r) => r.changes.find((c) => c.field === 'route')?.new);
      expect(routes).toEqual(expect.arrayContaining([
        'GET /api/submissions/cases/closed', 'GET /api/submissions/:casetype', 'GET /api/patients/duplicates', 'GET /api/submissions/cases/packaged/:submissionid',
      ]));
      const [packaged] = await audit(`action=read_list&entityId=${pkg.submissionId}`);
      expect(packaged.changes).toEqual(expect.arrayContaining([{ field: 'caseIds', old: null, new: [form._id] }]));
      const [duplicates] = (await audit('action=read_list&entity=patient_read')).filter((r) => r.changes.some((c) => c.new === 'GET /api/patients/duplicates'));
      expect(duplicates.changes).toEqual(expect.arrayContaining([{ field: 'patientIds', old: null, new: [patient._id] }]));
      expect(JSON.stringify(duplicates)).not.toContain(patient.lastName ?? '');
    }, 60_000);

    it("walks every GET of the API document: one whose answer carries a patient's name or birth date is marked audited in the route table", async () => {
      const document = (await t.http.get('/api/docs/openapi.json').expect(200)).body as OpenApi;
      const carriesPatientData = (schema: unknown, seen = new Set<string>()): boolean => {
        if (!schema || typeof schema !== 'object') return false;
        const node = schema as Record<string, unknown>;
        if (typeof node.$ref === 'string') {
          if (seen.has(node.$ref)) return false;
          seen.add(node.$ref);
          return carriesPatientData(document.components.schemas[node.$ref.split('/').pop() as string], seen);
        }
        const properties = (node.properties ?? {}) as Record<string, unknown>;
        if (['firstName', 'lastName', 'birthDate'].some((name) => name in properties)) return true;
        return [...Object.values(properties), node.items, ...((node.allOf ?? node.anyOf ?? node.oneOf ?? []) as unknown[]), node.additionalProperties]
          .some((child) => carriesPatientData(child, seen));
      };
      const answering: string[] = [];
      const unaudited: string[] = [];
      for (const [path, operations] of Object.entries(document.paths)) {
        const schema = operations.get?.responses?.['200']?.content?.['application/json']?.schema;
        if (!carriesPatientData(schema)) continue;
        const key = `GET ${path.replace(/^\/api/u, '').replace(/\{(\w+)\}/gu, ':$1')}`;
        answering.push(key);
        const access = routeAccess(key);
        if (access?.kind !== 'permissions' || !access.audit) unaudited.push(key);
      }
      expect(answering).toEqual(expect.arrayContaining([
        'GET /patients', 'GET /patients/:patientid', 'GET /submissions/cases/closed', 'GET /submissions/:casetype', 'GET /patients/duplicates',
        'GET /submissions/cases/packaged/:submissionid',
      ]));
      expect(unaudited).toEqual([]);
    });

    it("a read's audit row is in the database when its answer arrives, so a crash right after loses none", async () => {
      const patient = await createPatient(t, admin);
      const reads = 20;
      for (let i = 0; i < reads; i++) await get(`/api/patients/${patient._id}`).expect(200);
      // Read straight from the database, not through GET /api/audit (which chains what waits first):
      // a read's row is stored in audit_pending, or already chained into audit_log (migration 0031).
      const stored = async (table: typeof auditLog | typeof auditPending) => {
        const [row] = await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(and(eq(table.entity, 'patient_read'), eq(table.entityId, patient._id)));
        return row.n;
      };
      expect((await stored(auditLog)) + (await stored(auditPending))).toBe(reads);
    });

    it('records a refused download ticket (403) with the route and the reason', async () => {
      await t.http.get('/api/submissions/download/PNSS-DEPT-X-v1.zip?ticket=forged').expect((res) => expect([403, 404]).toContain(res.status));
      const { form } = await closedCase(t, admin);
      const pkg = await packageOf(t, admin, [form._id as string]);
      await t.http.get(`/api/submissions/download/${pkg.fileName}?ticket=forged`).expect(403);
      const [row] = await audit('action=access_denied&entity=route');
      expect(row).toMatchObject({ actorId: null, entity: 'route', entityId: 'GET /api/submissions/download/:id' });
      expect(row.changes).toEqual(expect.arrayContaining([{ field: 'reason', old: null, new: 'download ticket refused' }]));
    }, 60_000);
  });
});

interface OpenApi {
  paths: Record<string, { get?: { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> } }>;
  components: { schemas: Record<string, unknown> };
}
