import type { CaseQualityList, ErrorEnvelope, FieldQueriesResponse, FieldQuery, QualitySummary } from '@pnss/libs/api';
import { PERMISSIONS as P } from '@pnss/libs/permissions';
import { openQueryRefusal, unconfirmedWarningsRefusal } from '@pnss/libs/submissions';
import { departmentScore, sectionCompleteness } from '@pnss/libs/quality';
import { healthyInfant } from '@pnss/libs/testing';
import { and, eq } from 'drizzle-orm';
import { auditLog, caseApprovals } from '../src/database/schema.js';
import { closedCase } from './support/census.js';
import { closableGyneBody, closableObBody, createCase, createPatient, daysAgo, nextCaseNum } from './support/patient-cases.js';
import type { TestUser } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

const YEAR = { from: '2000-01-01', to: '2099-12-31' };
const idOf = (closed: { form: { _id: string | null } }): string => String(closed.form._id);

describe('data quality and queries on a field (issue 31)', () => {
  const { t, admin, get, post, put } = useTestApp({ timeout: 120_000 });
  let reviewer: TestUser;
  let clinician: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    reviewer = await t.createUserWithRole('census_officer');
    clinician = await t.createUserWithRole('clinician');
    reader = await t.createUserWithRole([P.FIND_PATIENT_CASE, P.GET_CLOSED_CASES]);
  });

  const summary = async () => (await get(`/api/quality/summary?from=${YEAR.from}&to=${YEAR.to}`, reviewer).expect(200)).body as QualitySummary;
  const ruleCount = (s: QualitySummary, rule: string) => s.rules.find((r) => r.rule === rule)?.cases ?? -1;
  const approval = (caseIds: string[], as = reviewer) => put('/api/submissions/cases/approval', { caseIds, approved: true }, as);

  describe('the Data Quality view', () => {
    it('counts a closed case under each rule it fails, names it, and its birth weight far from the gestational age warns beside Approve', async () => {
      const before = await summary();
      const patient = await createPatient(t, admin);
      const body = closableObBody(nextCaseNum('Q'), { neonatal: [healthyInfant({ pediatricWeight: 1200 })] });
      const created = await post(`/api/patients/${patient._id}/cases`, { ...body, confirmedWarnings: ['neonatal[0].pediatricWeight'] }).expect(201);
      const id = (created.body as { _id: string })._id;
      await put(`/api/patients/${patient._id}/cases/${id}/close`, {}).expect(200);

      const after = await summary();
      expect(after.cases).toBe(before.cases + 1);
      expect(ruleCount(after, 'birth-weight-for-age')).toBe(ruleCount(before, 'birth-weight-for-age') + 1);
      expect(after.rules.find((r) => r.rule === 'birth-weight-for-age')?.caseList.map((c) => c._id)).toContain(id);
      const weight = after.fields.find((f) => f.field === 'neonatal[].pediatricWeight');
      expect(weight).toMatchObject({ label: 'Birth Weight (g)', section: 'Delivery' });
      expect(after.sections.map((s) => s.label)).toContain('Delivery');
      expect(after.score).not.toBeNull();

      const cases = (await get(`/api/quality/cases?ids=${id}`, reviewer).expect(200)).body as CaseQualityList;
      expect(cases.result[0]).toMatchObject({ _id: id, errors: [], openQueryFields: [] });
      expect(cases.result[0].warnings.map((w) => w.rule)).toEqual(['birth-weight-for-age']);

    });
  });

  describe('the denominators of the Data Quality view (libs QUALITY_DENOMINATORS)', () => {
    /** A range of two discharge days no other test of this file uses. */
    const FROM = daysAgo(200);
    const TO = daysAgo(199);
    const inRange = async () => (await get(`/api/quality/summary?from=${FROM}&to=${TO}`, reviewer).expect(200)).body as QualitySummary;
    const field = (s: QualitySummary, name: string) => s.fields.find((f) => f.field === name);

    /** An OB singleton by caesarean section, discharged `discharged` days ago, its live births above its deliveries (one warning). */
    const obCase = async (discharged: number, close = true) => {
      const patient = await createPatient(t, admin);
      const body = closableObBody(nextCaseNum('D'), {
        admissionDate: daysAgo(discharged + 4), deliveryDate: daysAgo(discharged + 3), dischargeDate: daysAgo(discharged), obscoreLB: 2,
      });
      const created = await createCase(t, admin, patient._id, { ...body, confirmedWarnings: ['obscoreLB'] });
      if (close) await put(`/api/patients/${patient._id}/cases/${created._id}/close`, {}).expect(200);
      return { patientId: patient._id, id: idOf({ form: created }) };
    };

    it('counts only the closed, unarchived cases discharged in the range, asks each field only of the cases whose form asks it, and scores their mean', async () => {
      const ob = await obCase(200);
      const gynePatient = await createPatient(t, admin);
      const gyne = await createCase(t, admin, gynePatient._id, closableGyneBody(nextCaseNum('D'), { admissionDate: daysAgo(203), dischargeDate: daysAgo(199) }));
      await put(`/api/patients/${gynePatient._id}/cases/${idOf({ form: gyne })}/close`, {}).expect(200);
      // Left out: an open case, an archived one (a case is archived open), one discharged the day after the range.
      await obCase(200, false);
      const archived = await obCase(199, false);
      await put(`/api/patients/${archived.patientId}/cases/${archived.id}/archive`, {}).expect(200);
      await obCase(198);

      const summary = await inRange();
      expect(summary.cases).toBe(2);
      expect(summary.rules.find((r) => r.rule === 'live-births-above-deliveries')).toMatchObject({ cases: 1, caseList: [expect.objectContaining({ _id: ob.id })] });
      // Obstetric questions of the OB case only; gynecologic ones of the gyne case only; both asked the discharge.
      expect(field(summary, 'deliveryDate')).toMatchObject({ asked: 1, answered: 1 });
      expect(field(summary, 'neonatal[].pediatricWeight')).toMatchObject({ asked: 1, answered: 1 });
      expect(field(summary, 'gyneOrgan')).toMatchObject({ asked: 1, answered: 1 });
      expect(field(summary, 'dischargeDate')).toMatchObject({ asked: 2, answered: 2 });
      // The second twin's questions are asked of no singleton; a follow-up its answer does not call for, of no case.
      for (const name of ['deliveryManner2', 'incision2', 'deliveryIndication2', 'inducedIndication', 'neonatal[].causeofdeath']) expect(field(summary, name)).toBeUndefined();
      for (const section of summary.sections) {
        expect(section).toMatchObject(sectionCompleteness(summary.fields.filter((f) => f.section === section.section)));
      }
      const reviews = (await get(`/api/quality/cases?ids=${ob.id},${idOf({ form: gyne })}`, reviewer).expect(200)).body as CaseQualityList;
      expect(summary.score).toBe(departmentScore(reviews.result.reduce((n, r) => n + r.score, 0), 2));
    });
  });

  describe('approving a case with data-quality warnings asks for a confirmation that is recorded', () => {
    const approvalRows = (id: string) => t.database.db.select().from(caseApprovals).where(eq(caseApprovals.caseId, id));
    const approveAudits = (id: string) => t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'approve')));

    /** A closed case whose birth weight is far from its gestational age, confirmed on save: one warning. */
    const warnedCase = async () => {
      const patient = await createPatient(t, admin);
      const body = closableObBody(nextCaseNum('Q'), { neonatal: [healthyInfant({ pediatricWeight: 1200 })] });
      const created = await createCase(t, admin, patient._id, { ...body, confirmedWarnings: ['neonatal[0].pediatricWeight'] });
      await put(`/api/patients/${patient._id}/cases/${created._id}/close`, {}).expect(200);
      return { id: idOf({ form: created }), caseNum: created.caseNum };
    };

    it('refuses the approval of a case with warnings without the confirmation, naming the case and the rule, and changes nothing', async () => {
      const { id, caseNum } = await warnedCase();
      const refused = (await approval([id]).expect(409)).body as ErrorEnvelope;
      expect(refused.message).toBe(`Case ${caseNum} ${unconfirmedWarningsRefusal(['birth-weight-for-age'])}`);
      expect(refused.message).toContain('Birth weight far from the gestational age');
      expect(refused.errors?.[0]).toMatchObject({ field: 'selectedCases' });
      await put('/api/submissions/cases/approval', { caseIds: [id], approved: true, warningsConfirmed: false }, reviewer).expect(409);
      expect(await approvalRows(id)).toEqual([]);
      expect(await approveAudits(id)).toEqual([]);
    });

    it('refuses a batch with one warned case unconfirmed and approves none of it', async () => {
      const clean = idOf(await closedCase(t, admin));
      const { id, caseNum } = await warnedCase();
      const refused = (await approval([clean, id]).expect(409)).body as ErrorEnvelope;
      expect(refused.message).toBe(`Case ${caseNum} ${unconfirmedWarningsRefusal(['birth-weight-for-age'])}`);
      expect(await approvalRows(clean)).toEqual([]);
    });

    it('approves it with the warnings confirmed, the confirmation recorded in the audit row of the approval', async () => {
      const { id } = await warnedCase();
      await put('/api/submissions/cases/approval', { caseIds: [id], approved: true, warningsConfirmed: true }, reviewer).expect(200);
      expect(await approvalRows(id)).toHaveLength(1);
      const [row] = await approveAudits(id);
      expect(row.actorUsername).toBe(reviewer.username);
      expect(row.changes).toContainEqual({ field: 'warningsConfirmed', old: null, new: true });
    });

    it('approves a case without warnings with no confirmation, and records none when one is sent', async () => {
      const plain = idOf(await closedCase(t, admin));
      await approval([plain]).expect(200);
      expect(await approvalRows(plain)).toHaveLength(1);
      const other = idOf(await closedCase(t, admin));
      await put('/api/submissions/cases/approval', { caseIds: [other], approved: true, warningsConfirmed: true }, reviewer).expect(200);
      const [row] = await approveAudits(other);
      expect(row.changes).not.toContainEqual(expect.objectContaining({ field: 'warningsConfirmed' }));
    });

    it('leaves out open cases, counts a case once it is closed, and no longer once it is reopened', async () => {
      const before = await summary();
      const patient = await createPatient(t, admin);
      const open = await createCase(t, admin, patient._id, { ...closableObBody(nextCaseNum('Q'), { obscoreLB: 2 }), confirmedWarnings: ['obscoreLB'] });
      expect((await summary()).cases).toBe(before.cases);
      await put(`/api/patients/${patient._id}/cases/${open._id}/close`, {}).expect(200);
      expect(ruleCount(await summary(), 'live-births-above-deliveries')).toBe(ruleCount(before, 'live-births-above-deliveries') + 1);
      await put(`/api/patients/${patient._id}/cases/${open._id}/reopen`, {}).expect(200);
      expect(ruleCount(await summary(), 'live-births-above-deliveries')).toBe(ruleCount(before, 'live-births-above-deliveries'));
    });

    it('refuses a range whose from is after its to, and a date that is no date, naming the field', async () => {
      const reversed = (await get('/api/quality/summary?from=2026-02-01&to=2026-01-01', reviewer).expect(400)).body as ErrorEnvelope;
      expect(reversed.errors?.[0].field).toBe('from');
      const bad = (await get('/api/quality/summary?from=yesterday&to=2026-01-01', reviewer).expect(400)).body as ErrorEnvelope;
      expect(bad.errors?.[0].field).toBe('from');
    });

    it('is refused without the review permission', async () => {
      await get(`/api/quality/summary?from=${YEAR.from}&to=${YEAR.to}`, clinician).expect(403);
    });
  });

  describe('a query on a field: raised, answered, replied to, closed', () => {
    it('walks the lifecycle, every step audited on the case, and the case cannot be approved until the query is closed', async () => {
      const closed = await closedCase(t, admin);
      const caseId = idOf(closed);

      const raised = (await post('/api/queries', { caseId, field: 'neonatal[0].pediatricWeight', question: 'Is 3200 g right?' }, reviewer).expect(201)).body as FieldQuery;
      expect(raised).toMatchObject({ caseId, field: 'neonatal[0].pediatricWeight', label: 'Infant 1: Birth Weight (g)', status: 'open', raisedBy: reviewer.username });

      const refused = (await approval([caseId]).expect(409)).body as ErrorEnvelope;
      expect(refused.message).toBe(`Case ${closed.form.caseNum} ${openQueryRefusal(['neonatal[0].pediatricWeight'])}`);
      const beside = (await get(`/api/quality/cases?ids=${caseId}`, reviewer).expect(200)).body as CaseQualityList;
      expect(beside.result[0].openQueryFields).toEqual(['neonatal[0].pediatricWeight']);

      const answered = (await post(`/api/queries/${raised._id}/answer`, { text: 'Yes, checked on the chart' }, clinician).expect(200)).body as FieldQuery;
      expect(answered.status).toBe('answered');
      await approval([caseId]).expect(409);

      const replied = (await post(`/api/queries/${raised._id}/reply`, { text: 'And the length?' }, reviewer).expect(200)).body as FieldQuery;
      expect(replied.status).toBe('open');
      await post(`/api/queries/${raised._id}/answer`, { text: '50 cm' }, clinician).expect(200);
      const done = (await post(`/api/queries/${raised._id}/close`, {}, reviewer).expect(200)).body as FieldQuery;
      expect(done.status).toBe('closed');
      expect(done.messages.map((m) => m.kind)).toEqual(['question', 'answer', 'reply', 'answer']);

      await approval([caseId]).expect(200);

      const list = (await get(`/api/queries/case/${caseId}`, reader).expect(200)).body as FieldQueriesResponse;
      expect(list.result.map((q) => q._id)).toEqual([raised._id]);
      const audited = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'case'), eq(auditLog.entityId, caseId)));
      expect(audited.map((a) => a.action).filter((a) => a.startsWith('query_'))).toEqual(['query_raise', 'query_answer', 'query_reply', 'query_answer', 'query_close']);
    });

    it('refuses a step the query is not in, naming why: a reply before an answer, anything once closed', async () => {
      const closed = await closedCase(t, admin);
      const raised = (await post('/api/queries', { caseId: idOf(closed), field: 'weight', question: 'kg or lb?' }, reviewer).expect(201)).body as FieldQuery;
      expect(((await post(`/api/queries/${raised._id}/reply`, { text: 'well?' }, reviewer).expect(409)).body as ErrorEnvelope).message).toBe('This query has not been answered yet');
      await post(`/api/queries/${raised._id}/close`, { text: 'Found it' }, reviewer).expect(200);
      expect(((await post(`/api/queries/${raised._id}/answer`, { text: 'kg' }, clinician).expect(409)).body as ErrorEnvelope).message).toBe('This query is closed');
    });

    it('keeps each step to its permission: raise and close need raise_query, answer needs the right to edit cases', async () => {
      const closed = await closedCase(t, admin);
      await post('/api/queries', { caseId: idOf(closed), field: 'weight', question: 'Sure?' }, clinician).expect(403);
      const raised = (await post('/api/queries', { caseId: idOf(closed), field: 'weight', question: 'Sure?' }, reviewer).expect(201)).body as FieldQuery;
      await post(`/api/queries/${raised._id}/answer`, { text: 'Yes' }, reviewer).expect(403);
      await post(`/api/queries/${raised._id}/answer`, { text: 'Yes' }, reader).expect(403);
      await post(`/api/queries/${raised._id}/close`, {}, clinician).expect(403);
      await t.http.get(`/api/queries/case/${idOf(closed)}`).expect(401);
    });

    it('refuses a field that is not on the case form, an empty question and an unknown case, naming the field', async () => {
      const closed = await closedCase(t, admin);
      const field = (await post('/api/queries', { caseId: idOf(closed), field: 'passwordHash', question: 'x' }, reviewer).expect(400)).body as ErrorEnvelope;
      expect(field.errors?.[0].field).toBe('field');
      const empty = (await post('/api/queries', { caseId: idOf(closed), field: 'weight', question: '' }, reviewer).expect(400)).body as ErrorEnvelope;
      expect(empty.errors?.[0].field).toBe('question');
      await post('/api/queries', { caseId: '00000000-0000-4000-8000-000000000000', field: 'weight', question: 'x' }, reviewer).expect(404);
    });

    it('shows the clinician the open queries on the cases they created, and the reviewer the answered ones they raised', async () => {
      const patient = await createPatient(t, clinician);
      const created = await createCase(t, clinician, patient._id, closableObBody(nextCaseNum('W')));
      const raised = (await post('/api/queries', { caseId: created._id, field: 'height', question: 'cm?' }, reviewer).expect(201)).body as FieldQuery;
      const mine = (await get('/api/queries/worklist?list=for-me', clinician).expect(200)).body as FieldQueriesResponse;
      expect(mine.result.map((q) => q._id)).toContain(raised._id);
      await post(`/api/queries/${raised._id}/answer`, { text: 'cm' }, clinician).expect(200);
      const answered = (await get('/api/queries/worklist?list=answered', reviewer).expect(200)).body as FieldQueriesResponse;
      expect(answered.result.map((q) => q._id)).toContain(raised._id);
      expect(((await get('/api/queries/worklist?list=for-me', clinician).expect(200)).body as FieldQueriesResponse).result.map((q) => q._id)).not.toContain(raised._id);
    });
  });
});
