import type { AuditEntry, CaseListEntry, Paged, PatientListItem } from '@pnss/libs/api';
import { sql } from 'drizzle-orm';
import { createCase, createPatient, nextCaseNum, closableObBody } from './support/patient-cases.js';
import { useTestApp } from './support/use-test-app.js';

/**
 * Issue 33: a page of the patients or cases list, and a name search, store their audit row in the
 * page's own statement (audit.repository.ts, auditedRows), one round trip instead of the page and then
 * an INSERT. The row must stay what the audit hook wrote: one per read, naming the ids answered in
 * the order answered, stored before the answer leaves; and a read whose statement fails answers nothing.
 */
describe('a list read stores its own audit row', () => {
  const { t, admin, get } = useTestApp({ timeout: 120_000 });

  /** The read rows of patient or case lists, newest first (GET /api/audit chains what waits first). */
  const listRows = async (entity: 'patient_read' | 'case_read') =>
    (await get(`/api/audit?action=read_list&entity=${entity}`).expect(200)).body as Paged<AuditEntry>;
  const field = (row: AuditEntry, name: string) => row.changes.find((c) => c.field === name)?.new;

  /** Answers `path` and checks that exactly one list row was stored for it, naming the ids answered in order. */
  async function readOnce<T extends { _id: string }>(path: string, entity: 'patient_read' | 'case_read', idsField: string) {
    const before = (await listRows(entity)).count;
    const answer = (await get(path).expect(200)).body as Paged<T>;
    const after = await listRows(entity);
    expect(after.count).toBe(before + 1);
    const [row] = after.items;
    expect(field(row, 'route')).toBe(`GET ${path.startsWith('/api/patientcases') ? '/api/patientcases' : '/api/patients'}`);
    expect(field(row, idsField)).toEqual(answer.items.map((item) => item._id));
    expect(row).toMatchObject({ actorUsername: 'admin', entity, entityId: null, action: 'read_list' });
    return { answer, row };
  }

  beforeAll(async () => {
    for (const [firstName, lastName] of [['Rosario', 'Abad'], ['Teodora', 'Abad'], ['Luzviminda', 'Bacani'], ['Rosario', 'Cabrera']]) {
      const patient = await createPatient(t, admin, { firstName, lastName });
      await createCase(t, admin, patient._id, closableObBody(nextCaseNum('LRA')));
    }
  }, 120_000);

  it('a page of the patients list stores exactly one row, naming the ids it answered in their order, with its filters', async () => {
    const { answer, row } = await readOnce<PatientListItem>('/api/patients?page=0', 'patient_read', 'patientIds');
    expect(answer.items.length).toBeGreaterThanOrEqual(4);
    expect(field(row, 'query')).toEqual({ page: '0' });
    expect(JSON.stringify(row)).not.toMatch(/Rosario|Abad|Bacani/);
  });

  it('a one-word and a two-word name search each store exactly one row naming the ids answered, the search recorded as typed, not its text', async () => {
    const { answer: word, row } = await readOnce<PatientListItem>('/api/patients?search=Abad', 'patient_read', 'patientIds');
    expect(word.items.map((p) => p.firstName)).toEqual(['Rosario', 'Teodora']);
    expect(field(row, 'query')).toEqual({ search: true });
    const { answer: two } = await readOnce<PatientListItem>(`/api/patients?search=${encodeURIComponent('rosario abad')}`, 'patient_read', 'patientIds');
    expect(two.items.map((p) => `${p.firstName} ${p.lastName}`)).toEqual(['Rosario Abad']);
  });

  it('an empty page still stores its row, naming no ids, and still answers the count', async () => {
    const { answer, row } = await readOnce<PatientListItem>('/api/patients?page=50', 'patient_read', 'patientIds');
    expect(answer.items).toEqual([]);
    expect(answer.count).toBeGreaterThanOrEqual(4);
    expect(field(row, 'patientIds')).toEqual([]);
    const cases = await readOnce<CaseListEntry>('/api/patientcases?page=50', 'case_read', 'caseIds');
    expect(cases.answer.items).toEqual([]);
    expect(cases.answer.count).toBeGreaterThanOrEqual(4);
  });

  it('a page of the cases list stores exactly one row naming the case ids it answered in their order', async () => {
    const { answer } = await readOnce<CaseListEntry>('/api/patientcases?page=0', 'case_read', 'caseIds');
    expect(answer.items.length).toBeGreaterThanOrEqual(4);
    await readOnce<CaseListEntry>('/api/patientcases?cases=ob', 'case_read', 'caseIds');
  });

  it('reads under way together (whose rows the hook then groups) each store exactly one row naming the ids each answered', async () => {
    const before = (await listRows('patient_read')).count;
    const paths = ['/api/patients?page=0', '/api/patients?search=Abad', '/api/patients?search=Rosario', '/api/patients?page=1', '/api/patients?search=Bacani'];
    const answers = await Promise.all(paths.map(async (path) => ((await get(path).expect(200)).body as Paged<PatientListItem>).items.map((p) => p._id)));
    const after = await listRows('patient_read');
    expect(after.count).toBe(before + paths.length);
    const stored = after.items.slice(0, paths.length).map((row) => field(row, 'patientIds'));
    expect(stored).toEqual(expect.arrayContaining(answers));
  });

  it('a list read whose statement fails answers nothing and leaves no row', async () => {
    // The page's statement stores its row in audit_pending: a row that cannot be stored fails it whole.
    await t.database.db.execute(sql.raw(`
      create function pnss_test_refuse_page_7() returns trigger language plpgsql as $$
      begin
        if new.changes @> '[{"field": "query", "new": {"page": "7"}}]' then raise exception 'refused by the test'; end if;
        return new;
      end $$`));
    await t.database.db.execute(sql.raw(
      'create trigger pnss_test_refuse_page_7 before insert on audit_pending for each row execute function pnss_test_refuse_page_7()',
    ));
    try {
      const before = (await listRows('patient_read')).count;
      const answer = await get('/api/patients?page=7');
      expect(answer.status).toBeGreaterThanOrEqual(500);
      expect(answer.body).not.toHaveProperty('items');
      expect(JSON.stringify(answer.body)).not.toMatch(/Rosario|Abad|Bacani/);
      expect((await listRows('patient_read')).count).toBe(before);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger pnss_test_refuse_page_7 on audit_pending'));
      await t.database.db.execute(sql.raw('drop function pnss_test_refuse_page_7()'));
    }
  });
});
