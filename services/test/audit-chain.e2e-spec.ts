import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DatabaseService } from '../src/database/database.service.js';
import { verifyChain } from '../src/modules/audit/audit-chain.js';
import { AuditRepository } from '../src/modules/audit/audit.repository.js';
import { createPatient, yearsAgo } from './support/patient-cases.js';
import { type TestApp, createTestApp } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

/**
 * Issue 27 item 5: the database, not the server, sets each audit row's id and time, and each row
 * carries a hash chained to the previous one; the verifier names the first broken row. The forgeries
 * through the server's own role run on PostgreSQL with two roles (README 'Two roles').
 */
const verify = (database: DatabaseService) => {
  const repository = new AuditRepository(database);
  return repository.chainStart().then((chainFrom) => {
    if (chainFrom === null) throw new Error('no audit chain');
    return verifyChain(chainFrom, (afterId) => repository.chainRows(afterId, 7));
  });
};
const rowsOf = async (db: DatabaseService['db'], query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;

describe('the audit log is a hash chain whose ids and times the database sets', () => {
  const { t, admin } = useTestApp();

  it('chains every row written by the server, across pages of the verifier, and says the chain is intact', async () => {
    for (let i = 0; i < 5; i++) await createPatient(t, admin);
    const verdict = await verify(t.database);
    expect(verdict).toMatchObject({ intact: true });
    expect(verdict.rows).toBeGreaterThan(10);
  });

  it("finds the previous row's hash by the key, never by reading the log: a row chained on a log of thousands of rows costs what it cost on a log of a few, whatever plan the statistics suggested when the session first chained", async () => {
    // One session (a transaction holds one connection). The trigger's lookup of the previous hash is
    // planned once per session and kept until the log's statistics change: planned when they describe
    // a log of a page or none (a VACUUM ANALYZE at install, as the bench's generator does), PostgreSQL
    // reads the whole log for each row for as long as nothing analyses it again (autovacuum off, as on
    // the CI machine; PGlite has none). Index reads made dear here stand for those statistics: ANALYZE
    // drops the session's plan, and the next row plans the lookup again under them.
    const buffers = await t.database.db.transaction(async (tx) => {
      const on = tx as unknown as DatabaseService['db'];
      await tx.execute(sql`set local random_page_cost = 100000`);
      await tx.execute(sql`analyze audit_log`);
      await tx.execute(sql`insert into audit_log (entity, action) values ('chain-lookup', 'first')`);
      await tx.execute(sql`insert into audit_log (entity, action, changes)
        select 'chain-lookup', 'bulk', jsonb_build_array((select string_agg(md5(g::text || '.' || i::text), '') from generate_series(1, 30) i))
        from generate_series(1, 3000) g`);
      const [explained] = await rowsOf(on, sql`explain (analyze, buffers, format json) insert into audit_log (entity, action) values ('chain-lookup', 'measured')`);
      const plan = (explained['QUERY PLAN'] as Array<{ Plan: Record<string, number> }>)[0].Plan;
      return plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
    });
    // By the key: a few index pages and the last row. Reading the log: its hundreds of pages.
    expect(buffers).toBeLessThan(100);
    expect(await verify(t.database)).toMatchObject({ intact: true });
  });

  it('overrides an id, a time and a hash that an INSERT supplies', async () => {
    await t.database.db.execute(sql`insert into audit_log (id, at, entity, action, hash) values (424242, '2001-01-01T00:00:00Z', 'forgery', 'backdated', 'f00')`);
    const [row] = await rowsOf(t.database.db, sql`select id::int as id, at, hash from audit_log where entity = 'forgery'`);
    expect(row.id).not.toBe(424242);
    expect(new Date(row.at as string).getFullYear()).toBeGreaterThanOrEqual(2026);
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await verify(t.database)).toMatchObject({ intact: true });
  });

  it('names the first broken row when a row was changed behind the append-only trigger, or one was removed', async () => {
    await createPatient(t, admin);
    const [target] = await rowsOf(t.database.db, sql`select max(id)::int as id from audit_log where entity = 'patient'`);
    // The tables' owner (as the tests' database user is) can switch the protection off: the chain still tells.
    await t.database.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
    try {
      await t.database.db.execute(sql`update audit_log set actor_username = 'someone else' where id = ${target.id}`);
      expect(await verify(t.database)).toMatchObject({ intact: false, brokenAt: target.id, reason: expect.stringMatching(/was changed/) });
      await t.database.db.execute(sql`update audit_log set actor_username = 'admin' where id = ${target.id}`);
      expect(await verify(t.database)).toMatchObject({ intact: true });

      await createPatient(t, admin);
      await t.database.db.execute(sql`delete from audit_log where id = ${target.id}`);
      const removed = await verify(t.database);
      expect(removed).toMatchObject({ intact: false });
      expect(removed.intact === false && removed.brokenAt).toBeGreaterThan(target.id as number);
    } finally {
      await t.database.db.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
    }
  });
});

const BASE_URL = process.env.TEST_DATABASE_URL;
const onPostgres = BASE_URL ? describe : describe.skip;

onPostgres("the server's own role cannot choose an audit row's id or time, nor break later writes (PostgreSQL, two roles)", () => {
  const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const appRole = `pnss_app_${suffix}`;
  const database = `pnss_chain_${suffix}`;
  const password = randomBytes(12).toString('hex');
  let t: TestApp;
  let appUrl: string;
  let ownerUrl: string;

  const asSuperuser = async (work: (client: pg.Client) => Promise<unknown>) => {
    const client = new pg.Client({ connectionString: BASE_URL });
    await client.connect();
    try {
      await work(client);
    } finally {
      await client.end();
    }
  };
  const asApp = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: appUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await asSuperuser(async (c) => {
      await c.query(`create role ${appRole} login password '${password}'`);
      await c.query(`create database ${database}`);
    });
    const owner = new URL(BASE_URL as string);
    owner.pathname = `/${database}`;
    ownerUrl = owner.toString();
    const app = new URL(ownerUrl);
    app.username = appRole;
    app.password = password;
    appUrl = app.toString();
    t = await createTestApp({ database: { kind: 'postgres', url: appUrl, migrationUrl: ownerUrl } });
  });
  afterAll(async () => {
    await t?.close();
    await asSuperuser(async (c) => {
      await c.query(`drop database if exists ${database} with (force)`);
      await c.query(`drop role if exists ${appRole}`);
    });
  });

  it('a backdated row with a chosen id and actor gets the database id and time; OVERRIDING SYSTEM VALUE takes no ids from later writes', async () => {
    const admin = await t.signInAsAdmin();
    const forged = await asApp(async (c) => {
      await c.query(`insert into audit_log (id, at, actor_username, entity, action) values (900000, '2020-01-01', 'chief', 'patient', 'delete')`);
      await c.query(
        `insert into audit_log (id, at, entity, action) overriding system value select g, '2020-01-01', 'range', 'grab' from generate_series(900001, 900100) g`,
      );
      return (await c.query<{ id: string; at: Date }>(`select id, at from audit_log where at < now() - interval '1 day' or id >= 900000`)).rows;
    });
    expect(forged).toEqual([]);
    // Every later audited write still succeeds: no id of the sequence was taken.
    for (let i = 0; i < 3; i++) {
      await t.http.post('/api/patients').set('Authorization', admin.authorization).send({ firstName: `After${i}`, lastName: 'Forgery', birthDate: yearsAgo(30) }).expect(201);
    }
    expect(await verify(t.database)).toMatchObject({ intact: true });
  });

  it("cannot move the chain's start, switch the chain's trigger off, or change a row", async () => {
    await asApp(async (c) => {
      await expect(c.query(`update audit_chain_start set chain_from = 0`)).rejects.toThrow(/permission denied/);
      await expect(c.query('alter table audit_log disable trigger audit_log_chain')).rejects.toThrow(/must be owner/);
      await expect(c.query(`update audit_log set hash = null`)).rejects.toThrow(/permission denied/);
      await expect(c.query(`select setval('audit_log_id_seq', 999999)`)).rejects.toThrow(/permission denied/);
    });
  });

  it("cannot read the chaining's key, nor change or remove a pending read's row, yet chains pending rows through audit_chain_pending (migration 0031)", async () => {
    const admin = await t.signInAsAdmin();
    const created = await t.http.post('/api/patients').set('Authorization', admin.authorization).send({ firstName: 'Pending', lastName: 'Role', birthDate: yearsAgo(30) }).expect(201);
    const patientId = (created.body as { _id: string })._id;
    await asApp(async (c) => {
      await expect(c.query('select key from audit_chain_key')).rejects.toThrow(/permission denied/);
      // A read's row, stored as the server stores it, then tampered with before it is chained.
      await c.query(`insert into audit_pending (entity, entity_id, action) values ('patient_read', $1, 'read')`, [patientId]);
      await expect(c.query(`update audit_pending set action = 'none'`)).rejects.toThrow(/permission denied/);
      await expect(c.query('delete from audit_pending')).rejects.toThrow(/permission denied/);
      await expect(c.query('truncate audit_pending')).rejects.toThrow(/permission denied/);
      await expect(c.query(`select set_config('pnss.audit_chain_key', 'a guess', false); insert into audit_log (at, entity, action) values ('2001-01-01', 'forgery', 'backdated')`)).resolves.toBeDefined();
      const chained = await c.query<{ n: number }>('select audit_chain_pending() as n');
      expect(chained.rows[0]?.n).toBeGreaterThanOrEqual(1);
      const rows = await c.query<{ n: number }>(`select count(*)::int as n from audit_log where entity = 'patient_read' and entity_id = $1`, [patientId]);
      expect(rows.rows[0]?.n).toBe(1);
      const backdated = await c.query(`select 1 from audit_log where at < now() - interval '1 day'`);
      expect(backdated.rows).toEqual([]);
    });
    expect(await verify(t.database)).toMatchObject({ intact: true });
  });

  it('warns at start-up, in words, when the server runs as a superuser or as its tables\' owner, and not as the two-role app (issue 27 item 6)', async () => {
    expect(await t.database.privilegeWarnings()).toEqual([]);
    const owner = await DatabaseService.connect({ kind: 'postgres', url: ownerUrl });
    try {
      expect(await owner.privilegeWarnings()).toEqual([expect.stringMatching(/^The server connects to PostgreSQL as postgres, a superuser: it could switch the audit log's protection off/)]);
    } finally {
      await owner.close();
    }
    const tableOwner = `pnss_owner_${suffix}`;
    await asSuperuser(async (c) => {
      await c.query(`create role ${tableOwner} login password '${password}'`);
    });
    const ownerAdmin = new pg.Client({ connectionString: ownerUrl });
    await ownerAdmin.connect();
    try {
      await ownerAdmin.query(`alter table patients owner to ${tableOwner}`);
      const url = new URL(ownerUrl);
      url.username = tableOwner;
      url.password = password;
      const asOwner = await DatabaseService.connect({ kind: 'postgres', url: url.toString() });
      try {
        expect(await asOwner.privilegeWarnings()).toEqual([expect.stringMatching(new RegExp(`^The server connects to PostgreSQL as ${tableOwner}, the owner of 1 of its tables: it could disable the audit log's triggers`))]);
      } finally {
        await asOwner.close();
      }
    } finally {
      await ownerAdmin.query('alter table patients owner to postgres');
      await ownerAdmin.end();
      await asSuperuser(async (c) => c.query(`drop role if exists ${tableOwner}`));
    }
  });

  it('the verifier names the row an owner changed behind the trigger', async () => {
    const owner = await DatabaseService.connect({ kind: 'postgres', url: ownerUrl });
    try {
      const [row] = await rowsOf(owner.db, sql`select max(id)::int as id from audit_log where entity = 'patient'`);
      await owner.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
      await owner.db.execute(sql`update audit_log set action = 'read' where id = ${row.id}`);
      await owner.db.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
      expect(await verify(owner)).toMatchObject({ intact: false, brokenAt: row.id });
    } finally {
      await owner.close();
    }
  });
});
