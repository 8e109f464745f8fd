import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditEntry, Paged } from '@pnss/libs/api';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { DatabaseService } from '../src/database/database.service.js';
import { checkAuditLog } from '../src/modules/audit/audit-check.js';
import { verifyChain } from '../src/modules/audit/audit-chain.js';
import { AuditReadLog, CHAIN_DELAY_MS } from '../src/modules/audit/audit-read-log.js';
import { AuditRepository } from '../src/modules/audit/audit.repository.js';
import { createPatient } from './support/patient-cases.js';
import { createTestApp } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

/**
 * Issue 33: the rows of reads and refusals are stored in audit_pending, which takes no lock, before
 * the read's answer is sent, and the database chains them into audit_log afterwards (migration 0031),
 * in the order they were stored, each keeping the time it was stored at.
 */
type Db = DatabaseService['db'];
const rowsOf = async <T = Record<string, unknown>>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const verify = async (database: DatabaseService) => {
  const repository = new AuditRepository(database);
  const chainFrom = await repository.chainStart();
  if (chainFrom === null) throw new Error('no audit chain');
  return verifyChain(chainFrom, (afterId) => repository.chainRows(afterId, 500));
};
/** Rows of an entity, stored (pending) or chained. */
const storedOf = async (db: Db, entity: string, entityId?: string) => {
  const where = entityId === undefined ? sql`entity = ${entity}` : sql`entity = ${entity} and entity_id = ${entityId}`;
  const [row] = await rowsOf<{ pending: number; chained: number }>(db, sql`select
    (select count(*)::int from audit_pending where ${where}) as pending,
    (select count(*)::int from audit_log where ${where}) as chained`);
  return row;
};
const rowsFor = (entity: string, actions: string[]) => actions.map((action) => ({ entity, action, entityId: null, actorId: null, actorUsername: null, changes: [], ip: null }));
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('reads and refusals are stored unchained first, and the database chains them in order with their own time (issue 33)', () => {
  const { t, admin, get } = useTestApp({ timeout: 120_000 });
  const audit = async (query: string) => ((await get(`/api/audit?${query}`).expect(200)).body as Paged<AuditEntry>).items;

  it("a read's row is stored before its answer is sent (pending or already chained), and the audit screen shows it right after", async () => {
    const patient = await createPatient(t, admin);
    await get(`/api/patients/${patient._id}`).expect(200);
    const stored = await storedOf(t.database.db, 'patient_read', patient._id);
    expect(stored.pending + stored.chained).toBe(1);
    const rows = await audit(`action=read&entity=patient_read&entityId=${patient._id}`);
    expect(rows).toHaveLength(1);
    expect(await storedOf(t.database.db, 'patient_read', patient._id)).toEqual({ pending: 0, chained: 1 });
  });

  it('a read answered 404 leaves no audit row', async () => {
    await get(`/api/patients/${UNKNOWN_ID}`).expect(404);
    await new AuditRepository(t.database).chainPending();
    expect(await storedOf(t.database.db, 'patient_read', UNKNOWN_ID)).toEqual({ pending: 0, chained: 0 });
  });

  it('the server chains what it stored shortly after, with no reader asking', async () => {
    const patient = await createPatient(t, admin);
    await get(`/api/patients/${patient._id}`).expect(200);
    await new Promise((resolve) => setTimeout(resolve, CHAIN_DELAY_MS + 700));
    expect(await storedOf(t.database.db, 'patient_read', patient._id)).toEqual({ pending: 0, chained: 1 });
  });

  it('chains pending rows in the order they were stored, each with the time it was stored at, and the chain verifies intact', async () => {
    const repository = new AuditRepository(t.database);
    await repository.insertMany(rowsFor('pending-order', ['first', 'second']));
    await new Promise((resolve) => setTimeout(resolve, 30));
    await repository.insertMany(rowsFor('pending-order', ['third']));
    await new Promise((resolve) => setTimeout(resolve, 30));
    await repository.insertMany(rowsFor('pending-order', ['fourth', 'fifth']));
    const timeText = sql.raw(`to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`);
    const pending = await rowsOf<{ action: string; at: string }>(t.database.db, sql`select action, ${timeText} as at from audit_pending where entity = 'pending-order' order by id`);
    expect(pending.map((r) => r.action)).toEqual(['first', 'second', 'third', 'fourth', 'fifth']);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const [before] = await rowsOf<{ now: string }>(t.database.db, sql`select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as now`);

    await repository.chainPending();
    const chained = await rowsOf<{ action: string; at: string }>(t.database.db, sql`select action, ${timeText} as at from audit_log where entity = 'pending-order' order by id`);
    expect(chained).toEqual(pending);
    // Their own time, not the chaining's.
    for (const row of chained) expect(row.at < before.now).toBe(true);
    expect(await storedOf(t.database.db, 'pending-order')).toEqual({ pending: 0, chained: 5 });
    expect(await verify(t.database)).toMatchObject({ intact: true });
  });

  it("an INSERT chooses neither a pending row's id nor its time, nor a chained row's time by guessing the chaining's key", async () => {
    await t.database.db.execute(sql`insert into audit_pending (id, at, entity, action) values (987654, '2001-01-01T00:00:00Z', 'pending-forgery', 'backdated')`);
    const [pending] = await rowsOf<{ id: string; at: string }>(t.database.db, sql`select id::text as id, at from audit_pending where entity = 'pending-forgery'`);
    expect(pending.id).not.toBe('987654');
    expect(new Date(pending.at).getFullYear()).toBeGreaterThanOrEqual(2026);

    await t.database.transaction(async (tx) => {
      await tx.execute(sql`select set_config('pnss.audit_chain_key', 'a guess', true)`);
      await tx.execute(sql`insert into audit_log (at, entity, action) values ('2001-01-01T00:00:00Z', 'chain-forgery', 'backdated')`);
    });
    const [direct] = await rowsOf<{ at: string }>(t.database.db, sql`select at from audit_log where entity = 'chain-forgery'`);
    expect(new Date(direct.at).getFullYear()).toBeGreaterThanOrEqual(2026);
    await new AuditRepository(t.database).chainPending();
    expect(await verify(t.database)).toMatchObject({ intact: true });
  });

  it('refuses to update, delete or truncate a pending row: only the chaining moves it', async () => {
    await new AuditRepository(t.database).insertMany(rowsFor('pending-guard', ['kept']));
    const refusal = async (statement: SQL) => {
      const error = await t.database.db.execute(statement).then(() => null, (e: unknown) => e as { cause?: { message?: string } });
      return error?.cause?.message;
    };
    expect(await refusal(sql`update audit_pending set action = 'changed' where entity = 'pending-guard'`)).toMatch(/moved into audit_log by audit_chain_pending\(\) alone: UPDATE is not allowed/);
    expect(await refusal(sql`delete from audit_pending where entity = 'pending-guard'`)).toMatch(/alone: DELETE is not allowed/);
    expect(await refusal(sql`truncate audit_pending`)).toMatch(/alone: TRUNCATE is not allowed/);
    expect(await storedOf(t.database.db, 'pending-guard')).toEqual({ pending: 1, chained: 0 });
    await new AuditRepository(t.database).chainPending();
    expect(await storedOf(t.database.db, 'pending-guard')).toEqual({ pending: 0, chained: 1 });
  });

  it('two chainers at once, with changes audited meanwhile, leave one intact chain holding every pending row once', async () => {
    const repository = new AuditRepository(t.database);
    const actions = Array.from({ length: 1200 }, (_, i) => `row-${String(i).padStart(4, '0')}`);
    for (let i = 0; i < actions.length; i += 300) await repository.insertMany(rowsFor('pending-race', actions.slice(i, i + 300)));
    // On PostgreSQL the second chainer has a connection pool of its own, as another server would.
    const other = t.database.kind === 'postgres' ? await DatabaseService.connect(t.config.database) : t.database;
    try {
      const chainer = async (database: DatabaseService) => {
        let moved = 0;
        for (;;) {
          const [row] = await rowsOf<{ n: number }>(database.db, sql`select audit_chain_pending(37) as n`);
          if (row.n === 0) return moved;
          moved += row.n;
        }
      };
      const [a, b] = await Promise.all([chainer(t.database), chainer(other), createPatient(t, admin), createPatient(t, admin)]);
      expect(a + b).toBeGreaterThanOrEqual(actions.length);
    } finally {
      if (other !== t.database) await other.close();
    }
    const chained = await rowsOf<{ action: string }>(t.database.db, sql`select action from audit_log where entity = 'pending-race' order by id`);
    expect(chained.map((r) => r.action)).toEqual(actions);
    expect(await storedOf(t.database.db, 'pending-race')).toEqual({ pending: 0, chained: actions.length });
    expect(await verify(t.database)).toMatchObject({ intact: true });
  });

  it("the server can vacuum audit_pending (the room of chained rows reclaimed even where autovacuum is off), and the chain still verifies", async () => {
    const patient = await createPatient(t, admin);
    await get(`/api/patients/${patient._id}`).expect(200);
    await t.app.get(AuditReadLog).chainNow();
    await expect(t.app.get(AuditRepository).vacuumPending()).resolves.toBeUndefined();
    expect(await storedOf(t.database.db, 'patient_read', patient._id)).toEqual({ pending: 0, chained: 1 });
  });

  it('the verifier chains the pending rows first, then says the chain is intact', async () => {
    const repository = new AuditRepository(t.database);
    await repository.chainPending();
    await repository.insertMany(rowsFor('pending-verify', ['one', 'two']));
    const check = await checkAuditLog(repository, 50);
    expect(check.code).toBe(0);
    expect(check.messages[0]).toMatch(/^Chained 2 pending audit rows first/);
    expect(check.messages[1]).toMatch(/^The audit log's chain is intact/);
    expect(await storedOf(t.database.db, 'pending-verify')).toEqual({ pending: 0, chained: 2 });
  });
});

describe('a server chains what waits as it stops, and what a crashed server left as it starts (issue 33)', () => {
  it('leaves nothing pending at shutdown, and chains at start-up the rows stored after it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pnss-pending-'));
    const database = { kind: 'pglite', dataDir } as const;
    const config = { jwtSecret: 'a fixed secret for both runs of this test, long enough' };
    try {
      const first = await createTestApp({ database, config });
      const admin = await first.signInAsAdmin();
      const patient = await createPatient(first, admin);
      await first.http.get(`/api/patients/${patient._id}`).set('Authorization', admin.authorization).expect(200);
      await first.close();

      // What a crashed server leaves: rows stored, none chained.
      const raw = await DatabaseService.connect(database);
      try {
        expect(await storedOf(raw.db, 'patient_read', patient._id)).toEqual({ pending: 0, chained: 1 });
        await new AuditRepository(raw).insertMany(rowsFor('left-by-a-crash', ['one', 'two', 'three']));
      } finally {
        await raw.close();
      }

      const second = await createTestApp({ database, config });
      try {
        expect(await storedOf(second.database.db, 'left-by-a-crash')).toEqual({ pending: 0, chained: 3 });
        expect(await verify(second.database)).toMatchObject({ intact: true });
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

const BASE_URL = process.env.TEST_DATABASE_URL;
const onPostgres = BASE_URL ? describe : describe.skip;

onPostgres('a read waits for no chain lock (PostgreSQL)', () => {
  const { t, admin, get } = useTestApp({ timeout: 120_000 });

  it("answers a read while another transaction holds the chain's lock, and chains its row once the lock is free", async () => {
    const patient = await createPatient(t, admin);
    const holder = new pg.Client({ connectionString: (t.config.database as { url: string }).url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`select pg_advisory_xact_lock(hashtext('pnss:audit_log_chain'))`);
      const started = Date.now();
      await get(`/api/patients/${patient._id}`).expect(200);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await storedOf(t.database.db, 'patient_read', patient._id)).toEqual({ pending: 1, chained: 0 });
      await holder.query('commit');
    } finally {
      await holder.end();
    }
    expect(await audit(get, patient._id)).toHaveLength(1);
  });
});

async function audit(get: (path: string) => import('supertest').Test, patientId: string) {
  return ((await get(`/api/audit?action=read&entity=patient_read&entityId=${patientId}`).expect(200)).body as Paged<AuditEntry>).items;
}
