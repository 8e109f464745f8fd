import { jest } from '@jest/globals';
import type { CaseForm, IssuedHubKey, NationalCompletenessAnswer } from '@pnss/libs/api';
import { closableObCase } from '@pnss/libs/testing';
import { eq } from 'drizzle-orm';
import { hubPackages } from '../src/database/submissions.schema.js';
import { NationalIngestRepository } from '../src/modules/national/national-ingest.repository.js';
import { buildPackageFile, packagedCases } from '../src/modules/submissions/package-file.js';
import { completenessBefore, coverageDisagreements } from './support/national-coverage.js';
import { hubPackageSteps } from './support/hub-packages.js';
import { type SignedIn, type TestApp, createTestApp } from './support/test-app.js';

// Issue 29 "Scale": the completeness grid reads the coverage the triggers of migration 0029 keep (a row
// per department and month a package covers) instead of working it out from the packages at every
// call. These tests hold it to the grid the services answered before, for the same data, through every
// change that moves a cell: a package received late or on time, a rebuild, a held package and its
// retry, a received date corrected by hand.

const SECRET = 'the department secret of the completeness tests, long enough';
const census = { departmentId: 'SOCIETY', societyUrl: null, societyApiKey: null, societyTimeoutMs: 1500, hubEnabled: true, packageFreeText: false, packageSecret: SECRET };
const PERIOD = { from: '2026-01', to: '2026-08' };

/** A closed OB case discharged on the 14th of `month`, its own record and patient. */
const ob = (id: string, month: string): CaseForm =>
  closableObCase({ _id: id, patientid: `patient-${id}`, dischargeDate: `${month}-14`, admissionDate: `${month}-10`, deliveryDate: `${month}-11`, isClose: true });

function zipOf(departmentId: string, submissionId: string, version: number, forms: CaseForm[]): Buffer {
  const built = buildPackageFile({ departmentId, submissionId, version, createdAt: '2026-09-02T08:00:00.000Z' }, packagedCases(SECRET, forms, { freeText: false }));
  return Buffer.from(built.bytes);
}

describe('the completeness grid from the kept coverage (issue 29, migration 0029)', () => {
  let hub: TestApp;
  let admin: SignedIn;
  const keys: Record<string, IssuedHubKey> = {};
  /** Submissions whose packages the ingest reads as written in a dictionary this hub does not read (held). */
  const unreadable = new Set<string>(['SUB-D1']);

  beforeAll(async () => {
    hub = await createTestApp({ config: { census } });
    admin = await hub.signInAsAdmin();
    for (const departmentId of ['DEPT-C', 'DEPT-D', 'DEPT-E']) {
      keys[departmentId] = (await hub.http.post('/api/hub/keys').set('Authorization', admin.authorization).send({ departmentId }).expect(201)).body as IssuedHubKey;
    }
    const repository = hub.app.get(NationalIngestRepository);
    const packageOf = repository.packageOf.bind(repository);
    jest.spyOn(repository, 'packageOf').mockImplementation(async (id) => {
      const pkg = await packageOf(id);
      return pkg && unreadable.has(pkg.submissionId) ? { ...pkg, dataDictionaryVersion: '2025.9' } : pkg;
    });
  }, 180_000);
  afterAll(async () => {
    await hub?.close();
  });

  const { send, packageId, settled } = hubPackageSteps(() => hub, keys);
  const received = async (departmentId: string, submissionId: string, version: number, forms: CaseForm[]) => {
    await send(departmentId, zipOf(departmentId, submissionId, version, forms)).expect(201);
    const id = await packageId(departmentId, submissionId, version);
    return { id, state: await settled(id) };
  };
  const grid = async () =>
    (await hub.http.get(`/api/national/completeness?from=${PERIOD.from}&to=${PERIOD.to}`).set('Authorization', admin.authorization).expect(200)).body as NationalCompletenessAnswer;
  /** The grid answered, checked against the grid as the services worked it out before (the same data), and the kept coverage against the data. */
  const checkedGrid = async () => {
    const answer = await grid();
    expect(answer.rows).toEqual(await completenessBefore(hub.database, answer.rows.map((r) => r.departmentId), PERIOD.from, PERIOD.to));
    expect(await coverageDisagreements(hub.database)).toEqual([]);
    return answer;
  };
  const cellsOf = (answer: NationalCompletenessAnswer, departmentId: string) =>
    Object.fromEntries((answer.rows.find((r) => r.departmentId === departmentId)?.cells ?? []).filter((c) => c.state !== 'missing')
      .map((c) => [c.month, [c.state, c.submissionId, c.version, c.cases]]));

  it('a month is submitted, late, held or missing as before: the same grid for the same data, cell for cell', async () => {
    // DEPT-C: February to March (received in November: late), and May.
    expect((await received('DEPT-C', 'SUB-C1', 1, [ob('c-1', '2026-02'), ob('c-2', '2026-03'), ob('c-3', '2026-03')])).state).toBe('ingested');
    expect((await received('DEPT-C', 'SUB-C2', 1, [ob('c-4', '2026-05')])).state).toBe('ingested');
    // DEPT-D: a package the hub cannot read yet covers June and July; nothing counted covers them.
    expect((await received('DEPT-D', 'SUB-D1', 1, [ob('d-1', '2026-06'), ob('d-2', '2026-07')])).state).toBe('held');

    const answer = await checkedGrid();
    expect(cellsOf(answer, 'DEPT-C')).toEqual({
      '2026-02': ['late', 'SUB-C1', 1, 1], '2026-03': ['late', 'SUB-C1', 1, 2], '2026-05': ['late', 'SUB-C2', 1, 1],
    });
    expect(cellsOf(answer, 'DEPT-D')).toEqual({ '2026-06': ['held', null, null, 0], '2026-07': ['held', null, null, 0] });
    // A department with a key and nothing received: every month missing.
    expect(cellsOf(answer, 'DEPT-E')).toEqual({});
    expect(answer.rows.map((r) => r.departmentId)).toEqual(['DEPT-C', 'DEPT-D', 'DEPT-E']);
  });

  it('a rebuild moves its months to the new version (and the months it adds) in the transaction of its ingest', async () => {
    expect((await received('DEPT-C', 'SUB-C2', 2, [ob('c-4', '2026-05'), ob('c-5', '2026-06')])).state).toBe('ingested');
    const answer = await checkedGrid();
    expect(cellsOf(answer, 'DEPT-C')).toMatchObject({ '2026-05': ['late', 'SUB-C2', 2, 1], '2026-06': ['late', 'SUB-C2', 2, 1] });
  });

  it('a held package ingested on retry is counted; a received date corrected by hand moves a month from late to submitted', async () => {
    const held = await packageId('DEPT-D', 'SUB-D1', 1);
    unreadable.delete('SUB-D1');
    await hub.http.post(`/api/national/ingest/${held}/retry`).set('Authorization', admin.authorization).expect(200);
    expect(await settled(held)).toBe('ingested');
    let answer = await checkedGrid();
    expect(cellsOf(answer, 'DEPT-D')).toEqual({ '2026-06': ['late', 'SUB-D1', 1, 1], '2026-07': ['late', 'SUB-D1', 1, 1] });
    // Any writer, not only the hub's code: the first arrival of SUB-C1 set back to April 2 by hand.
    await hub.database.db.update(hubPackages).set({ receivedAt: new Date('2026-04-02T08:00:00Z') }).where(eq(hubPackages.id, await packageId('DEPT-C', 'SUB-C1', 1)));
    answer = await checkedGrid();
    expect(cellsOf(answer, 'DEPT-C')).toMatchObject({ '2026-02': ['submitted', 'SUB-C1', 1, 1], '2026-03': ['submitted', 'SUB-C1', 1, 2] });
  });

  it('a new package in a month another submission covers: the highest version counts it, then the one received last', async () => {
    expect((await received('DEPT-C', 'SUB-C3', 1, [ob('c-6', '2026-03'), ob('c-7', '2026-04')])).state).toBe('ingested');
    const answer = await checkedGrid();
    // March: SUB-C1 and SUB-C3, both version 1; SUB-C3 came last. April: SUB-C3 alone.
    expect(cellsOf(answer, 'DEPT-C')).toMatchObject({ '2026-03': ['late', 'SUB-C3', 1, 3], '2026-04': ['late', 'SUB-C3', 1, 1] });
  });
});
