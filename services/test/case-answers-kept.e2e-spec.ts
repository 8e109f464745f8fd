import type { CaseForm, ErrorEnvelope } from '@pnss/libs/api';
import { eq } from 'drizzle-orm';
import { patientCases } from '../src/database/patients.schema.js';
import { bodyOf, molarObBody } from './support/census.js';
import { closableObBody, createCase, createPatient, nextCaseNum } from './support/patient-cases.js';
import { useTestApp } from './support/use-test-app.js';

describe('an answer that says saved means saved, on every case route that takes answers (issue 25 item 6)', () => {
  const { t, admin, get, post, put } = useTestApp();
  let patientId: string;

  beforeAll(async () => {
    patientId = (await createPatient(t, admin))._id;
  });

  const casesPath = () => `/api/patients/${patientId}/cases`;
  const errorsOf = (body: unknown) => (body as ErrorEnvelope).errors ?? [];
  const storedRow = async (caseId: string) => (await t.database.db.select().from(patientCases).where(eq(patientCases.id, caseId)))[0];

  it('POST keeps the GTD Diagnosis and GTD Complication of an OB case with a complete mole (SPEC.md §1: a GTD case)', async () => {
    const res = await post(casesPath(), molarObBody(nextCaseNum('MOLE'))).expect(201);
    const stored = res.body as CaseForm;
    expect(stored).toMatchObject({ caseFormType: 1, pregnancyType: 5, molarType: 2, gtdDiagnosis: 2, gtdComplication: 1 });
    expect((await get(`${casesPath()}/${stored._id}`).expect(200)).body).toMatchObject({ gtdDiagnosis: 2, gtdComplication: 1 });
    expect((await storedRow(stored._id as string)).form).toMatchObject({ gtdDiagnosis: 2, gtdComplication: 1 });
  });

  it('PUT keeps a GTD complication Others and its text on a molar case', async () => {
    const created = await createCase(t, admin, patientId, molarObBody(nextCaseNum('MOLE'), { gtdDiagnosis: 1 }));
    const res = await put(`${casesPath()}/${created._id}`, { version: created.version, gtdComplication: 8, gtdComplicationOthers: 'Theca lutein cysts' }).expect(200);
    expect(res.body).toMatchObject({ gtdDiagnosis: 1, gtdComplication: 8, gtdComplicationOthers: 'Theca lutein cysts', version: created.version + 1 });
  });

  it('POST refuses GTD answers on a singleton pregnancy by field and rule, and creates nothing', async () => {
    const caseNum = nextCaseNum('SING');
    const res = await post(casesPath(), closableObBody(caseNum, { gtdDiagnosis: 2, gtdComplication: 1 })).expect(400);
    expect(errorsOf(res.body)).toEqual([
      {
        field: 'gtdDiagnosis', label: 'GTD Diagnosis', section: 'Gynecological Conditions',
        message: 'GTD Diagnosis (gtdDiagnosis) was not saved: it is asked only for a gyne case or a molar pregnancy (pregnancy type 5)',
      },
      {
        field: 'gtdComplication', label: 'GTD Complication', section: 'Gynecological Conditions',
        message: 'GTD Complication (gtdComplication) was not saved: it is asked only for a gyne case or a molar pregnancy (pregnancy type 5)',
      },
    ]);
    expect(await t.database.db.select().from(patientCases).where(eq(patientCases.caseNum, caseNum))).toEqual([]);
  });

  it('PUT refuses an answer the case does not ask, or one a dependency rule would change, and writes nothing', async () => {
    const created = await createCase(t, admin, patientId, closableObBody(nextCaseNum()));
    const path = `${casesPath()}/${created._id}`;
    let res = await put(path, { version: created.version, gtdDiagnosis: 2 }).expect(400);
    expect(errorsOf(res.body).map((e) => e.field)).toEqual(['gtdDiagnosis']);
    res = await put(path, { version: created.version, isTOLAC: true, deliveryManner: 2, room: 'B-7' }).expect(400);
    expect(errorsOf(res.body)).toEqual([
      expect.objectContaining({ field: 'deliveryManner', message: 'Manner of Delivery (deliveryManner) was not saved: when TOLAC is yes, the manner of delivery is one of 1, 10, 11 or 12' }),
    ]);
    res = await put(path, { version: created.version, neonatal: [...created.neonatal, created.neonatal[0]] }).expect(400);
    expect(errorsOf(res.body).map((e) => e.field)).toEqual(['neonatal[1]']);
    const row = await storedRow(created._id as string);
    expect(row.version).toBe(created.version);
    expect(row.form).toMatchObject({ gtdDiagnosis: null, room: null });
  });

  it('PUT takes the whole stored case back with one change, and a change of pregnancy type empties what no longer applies', async () => {
    const created = await createCase(t, admin, patientId, molarObBody(nextCaseNum('MOLE')));
    const path = `${casesPath()}/${created._id}`;
    const saved = (await put(path, { ...bodyOf(created), version: created.version, room: 'B-9' }).expect(200)).body as CaseForm;
    expect(saved).toMatchObject({ room: 'B-9', gtdDiagnosis: 2 });
    // SPEC.md §4: changing the pregnancy type clears the type-specific answers; the GTD answers sent back unchanged go with them.
    const changed = (await put(path, { ...bodyOf(saved), version: saved.version, pregnancyType: 4, ectopicType: 1 }).expect(200)).body as CaseForm;
    expect(changed).toMatchObject({ pregnancyType: 4, ectopicType: 1, molarType: null, gtdDiagnosis: null, gtdComplication: null });
  });
});
