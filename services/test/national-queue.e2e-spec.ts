import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import type { CaseForm, IssuedHubKey } from '@pnss/libs/api';
import { closableObCase } from '@pnss/libs/testing';
import type { DatabaseConfig } from '../src/config/app-config.js';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { nationalCaseCounts, nationalCases, nationalInfants, nationalIngest } from '../src/database/national.schema.js';
import { hubPackages } from '../src/database/submissions.schema.js';
import { JobQueue } from '../src/modules/queue/job-queue.service.js';
import { NATIONAL_INGEST_QUEUE, NationalIngestService } from '../src/modules/national/national-ingest.service.js';
import { NationalIngestRepository } from '../src/modules/national/national-ingest.repository.js';
import { buildPackageFile, packagedCases } from '../src/modules/submissions/package-file.js';
import { coverageDisagreements } from './support/national-coverage.js';
import { type TestApp, createTestApp } from './support/test-app.js';

// Issue 29's queue at work: an ingest cut off by a stop is resumed by the next start and its facts are
// counted once; two servers on one database drain one queue, each package ingested once. The restart
// runs on the embedded PGlite (a data folder) and on PostgreSQL (TEST_DATABASE_URL); two servers
// share a database only on PostgreSQL (PGlite is embedded in one process by construction).

const SECRET = 'the department secret of the national queue tests, long enough';
const census = { departmentId: 'SOCIETY', societyUrl: null, societyApiKey: null, societyTimeoutMs: 1500, hubEnabled: true, packageFreeText: false, packageSecret: SECRET };
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A closed OB case discharged in the month given, its own record and patient (a singleton, one infant). */
const ob = (id: string, month = '2026-03'): CaseForm =>
  closableObCase({ _id: id, patientid: `patient-${id}`, dischargeDate: `${month}-14`, admissionDate: `${month}-10`, deliveryDate: `${month}-11`, isClose: true });

function zipOf(departmentId: string, submissionId: string, version: number, forms: CaseForm[]): Buffer {
  const built = buildPackageFile({ departmentId, submissionId, version, createdAt: '2026-04-02T08:00:00.000Z' }, packagedCases(SECRET, forms, { freeText: false }));
  return Buffer.from(built.bytes);
}

async function issueKey(app: TestApp, departmentId: string): Promise<IssuedHubKey> {
  const admin = await app.signInAsAdmin();
  return (await app.http.post('/api/hub/keys').set('Authorization', admin.authorization).send({ departmentId }).expect(201)).body as IssuedHubKey;
}

const send = (app: TestApp, key: IssuedHubKey, departmentId: string, bytes: Buffer) =>
  app.http.post('/api/hub/packages').set({ 'Content-Type': 'application/zip', 'x-department-id': departmentId, 'x-api-key': key.key }).send(bytes);

async function packageId(app: TestApp, departmentId: string, submissionId: string, version = 1): Promise<string> {
  const [row] = await app.database.db.select({ id: hubPackages.id }).from(hubPackages)
    .where(and(eq(hubPackages.departmentId, departmentId), eq(hubPackages.submissionId, submissionId), eq(hubPackages.version, version)));
  return row.id;
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function ingestRow(app: TestApp, id: string) {
  const [row] = await app.database.db.select().from(nationalIngest).where(eq(nationalIngest.hubPackageId, id));
  return row;
}

/** The months the completeness grid shows covered for a department (migration 0029's coverage), with the submission counted. */
async function coveredMonths(app: TestApp, departmentId: string) {
  const result = (await app.database.db.execute(sql`
    select month, state, submission_id as "submissionId" from national_coverage where department_id = ${departmentId} order by month`)) as unknown as { rows: unknown[] };
  return result.rows;
}

async function factCounts(app: TestApp, departmentId: string) {
  const [cases] = await app.database.db.select({ n: count() }).from(nationalCases).where(eq(nationalCases.departmentId, departmentId));
  const [infants] = await app.database.db.select({ n: count() }).from(nationalInfants).where(eq(nationalInfants.departmentId, departmentId));
  const counted = await app.database.db.select({ n: nationalCaseCounts.n }).from(nationalCaseCounts).where(eq(nationalCaseCounts.departmentId, departmentId));
  return { cases: cases.n, infants: infants.n, monthlyCounts: counted.reduce((sum, r) => sum + r.n, 0) };
}

/** Until no job of the national ingest queue carries these packages (waiting, retrying or running). */
async function drained(app: TestApp, ids: readonly string[]): Promise<void> {
  const queue = app.app.get(JobQueue);
  await until('the national ingest queue drained', async () => {
    for (const id of ids) if (await queue.unfinished(NATIONAL_INGEST_QUEUE, { packageId: id })) return false;
    return true;
  }, 90_000);
}

/**
 * A database that outlives one server: a PGlite data folder, or on PostgreSQL a database kept by a
 * server that is not a hub (it runs no ingest) and dropped when it closes.
 */
async function lastingDatabase(): Promise<{ database: DatabaseConfig; dataDir: string; close: () => Promise<void> }> {
  const folder = mkdtempSync(join(tmpdir(), 'pnss-national-queue-'));
  if (!onPostgres) {
    return { database: { kind: 'pglite', dataDir: join(folder, 'pglite') }, dataDir: folder, close: async () => rmSync(folder, { recursive: true, force: true }) };
  }
  const keeper = await createTestApp();
  return {
    database: keeper.config.database,
    dataDir: folder,
    close: async () => {
      await keeper.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** What a process killed in the middle of an ingest leaves behind: its transaction never committed. */
class KilledMidIngest extends Error {}

describe('the national ingest queue across restarts and servers (issue 29)', () => {
  it('a restart in the middle of an ingest: the job is resumed by the next start and its facts are counted once', async () => {
    const lasting = await lastingDatabase();
    const options = { config: { census, dataDir: lasting.dataDir }, database: lasting.database };
    let running: TestApp | null = null;
    try {
      const first = await createTestApp(options);
      running = first;
      const key = await issueKey(first, 'DEPT-R');
      // The first server writes every fact of the package in its transaction and stops there, before the commit.
      const repository = first.app.get(NationalIngestRepository);
      const replace = repository.replaceSubmission.bind(repository);
      let written = 0;
      jest.spyOn(repository, 'replaceSubmission').mockImplementation(async (tx, pkg, derivation, facts) => {
        await replace(tx, pkg, derivation, facts);
        written = facts.length;
        throw new KilledMidIngest('the server stopped before the commit');
      });
      const forms = [ob('r-1'), ob('r-2'), ob('r-3', '2026-04'), ob('r-4', '2026-04'), ob('r-5', '2026-05')];
      await send(first, key, 'DEPT-R', zipOf('DEPT-R', 'SUB-R1', 1, forms)).expect(201);
      const id = await packageId(first, 'DEPT-R', 'SUB-R1');
      await until('the ingest cut off in the middle', async () => written === forms.length && (await ingestRow(first, id))?.state !== 'active');
      // Nothing of the cut-off transaction is counted.
      expect(await factCounts(first, 'DEPT-R')).toEqual({ cases: 0, infants: 0, monthlyCounts: 0 });
      // Nor does the completeness grid show its months covered: its coverage went with the transaction.
      expect(await coveredMonths(first, 'DEPT-R')).toEqual([]);
      expect(await coverageDisagreements(first.database)).toEqual([]);
      running = null;
      await first.close();

      const next = await createTestApp(options);
      running = next;
      // The next start takes the owed ingest up again (its own job, and the first server's job when its retry comes).
      await until('the ingest resumed', async () => (await ingestRow(next, id))?.state === 'ingested');
      await drained(next, [id]);
      expect(await ingestRow(next, id)).toMatchObject({ state: 'ingested', factCases: 5, factInfants: 5, reason: null });
      expect(await factCounts(next, 'DEPT-R')).toEqual({ cases: 5, infants: 5, monthlyCounts: 5 });
      expect(await coveredMonths(next, 'DEPT-R')).toEqual(['2026-03', '2026-04', '2026-05'].map((month) => ({ month, state: 'counted', submissionId: 'SUB-R1' })));
      expect(await coverageDisagreements(next.database)).toEqual([]);
      // Run once more (a late job, a second server), it changes nothing.
      expect(await next.app.get(NationalIngestService).ingest(id)).toBe('ingested');
      expect(await factCounts(next, 'DEPT-R')).toEqual({ cases: 5, infants: 5, monthlyCounts: 5 });
    } finally {
      await running?.close();
      await lasting.close();
    }
  }, 240_000);

  (onPostgres ? it : it.skip)('two server processes on one database drain one queue: each package is ingested once, by one of them', async () => {
    const lasting = await lastingDatabase();
    const options = { config: { census, dataDir: lasting.dataDir }, database: lasting.database };
    const servers: TestApp[] = [];
    try {
      servers.push(await createTestApp(options), await createTestApp(options));
      const [first, second] = servers;
      // Which server ran which package's ingest; each ingest takes a while, so both servers are asked for work.
      const ranBy = new Map<string, string[]>();
      for (const [name, server] of [['first', first], ['second', second]] as const) {
        const service = server.app.get(NationalIngestService);
        const ingest = service.ingest.bind(service);
        jest.spyOn(service, 'ingest').mockImplementation(async (packageId: string) => {
          ranBy.set(packageId, [...(ranBy.get(packageId) ?? []), name]);
          await new Promise((resolve) => setTimeout(resolve, 1500));
          return ingest(packageId);
        });
      }
      const keys = { 'DEPT-P': await issueKey(first, 'DEPT-P'), 'DEPT-Q': await issueKey(first, 'DEPT-Q') };
      const sent: Array<{ department: 'DEPT-P' | 'DEPT-Q'; submission: string }> = [];
      for (let i = 1; i <= 3; i += 1) {
        for (const department of ['DEPT-P', 'DEPT-Q'] as const) {
          const submission = `SUB-${department}-${i}`;
          const month = `2026-0${i}`;
          const forms = [ob(`${department}-${i}-a`, month), ob(`${department}-${i}-b`, month)];
          // The packages reach either server, as behind a load balancer.
          await send(i % 2 === 0 ? second : first, keys[department], department, zipOf(department, submission, 1, forms)).expect(201);
          sent.push({ department, submission });
        }
      }
      const ids = await Promise.all(sent.map(({ department, submission }) => packageId(first, department, submission)));
      await until('every package ingested', async () => {
        const rows = await first.database.db.select({ state: nationalIngest.state }).from(nationalIngest).where(inArray(nationalIngest.hubPackageId, ids));
        return rows.length === ids.length && rows.every((r) => r.state === 'ingested');
      }, 120_000);
      await drained(first, ids);

      // Each package's job ran once, on one server, and its ingest was tried once.
      for (const id of ids) {
        expect(ranBy.get(id)).toHaveLength(1);
        expect(await ingestRow(first, id)).toMatchObject({ state: 'ingested', attempts: 1, factCases: 2 });
      }
      // Both servers took packages from the one queue.
      const runners = new Set([...ranBy.values()].flat());
      expect(runners).toEqual(new Set(['first', 'second']));
      // The facts are counted once: two cases of each of three packages per department.
      for (const department of ['DEPT-P', 'DEPT-Q']) expect(await factCounts(first, department)).toEqual({ cases: 6, infants: 6, monthlyCounts: 6 });
    } finally {
      for (const server of servers.reverse()) await server.close();
      await lasting.close();
    }
  }, 300_000);
});
