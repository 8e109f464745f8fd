import { randomBytes } from 'node:crypto';
import type { ErrorEnvelope, Patient } from '@pnss/libs/api';
import pg from 'pg';
import { yearsAgo } from './support/patient-cases.js';
import { type TestApp, createTestApp } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

/**
 * Issue 13 items 1 and 9, on a real PostgreSQL server only (TEST_DATABASE_URL; skipped on PGlite,
 * which has no connections to cut and no roles).
 */
const BASE_URL = process.env.TEST_DATABASE_URL;
const onPostgres = BASE_URL ? describe : describe.skip;

async function admin<T>(work: (client: pg.Client) => Promise<T>, database?: string): Promise<T> {
  const url = new URL(BASE_URL as string);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseOf(t: TestApp): string {
  const { database } = t.config;
  if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
  return new URL(database.url).pathname.slice(1);
}

onPostgres('the server survives its database (PostgreSQL)', () => {
  const { t, admin: adminUser } = useTestApp();

  const terminateBackends = (name: string) =>
    admin((c) => c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]));

  it('stays up through terminated connections during a write burst, answering only 201 or 503, with no half-done write', async () => {
    const name = databaseOf(t);
    const statuses: number[] = [];
    const created: string[] = [];
    const writer = async (w: number) => {
      for (let i = 0; i < 12; i++) {
        const res = await t.http
          .post('/api/patients')
          .set('Authorization', adminUser.authorization)
          .send({ firstName: `Burst${w}x${i}`, lastName: 'Fault', birthDate: yearsAgo(30) });
        statuses.push(res.status);
        if (res.status === 201) created.push((res.body as Patient)._id);
        else expect((res.body as ErrorEnvelope).message).toBe('The database cannot be reached just now. Please try again in a moment.');
      }
    };
    const killer = async () => {
      for (let k = 0; k < 4; k++) {
        await new Promise((resolve) => setTimeout(resolve, 40));
        await terminateBackends(name);
      }
    };
    await Promise.all([writer(1), writer(2), writer(3), writer(4), writer(5), writer(6), killer()]);

    expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
    await t.http.get('/api/health').expect(200);
    // Every patient the database holds has its audit row, and every 201 is stored: nothing half-done.
    const counts = await admin(
      (c) =>
        c.query<{ patients: number; audited: number; orphans: number }>(`
          select (select count(*)::int from patients where last_name = 'Fault') as patients,
                 (select count(*)::int from audit_log a join patients p on p.id::text = a.entity_id
                    where a.entity = 'patient' and a.action = 'create' and p.last_name = 'Fault') as audited,
                 (select count(*)::int from patients p where p.last_name = 'Fault' and not exists
                    (select 1 from audit_log a where a.entity = 'patient' and a.entity_id = p.id::text)) as orphans`),
      name,
    );
    expect(counts.rows[0]).toEqual({ patients: counts.rows[0]?.audited, audited: counts.rows[0]?.patients, orphans: 0 });
    expect(counts.rows[0]?.patients).toBeGreaterThanOrEqual(created.length);
  }, 60_000);

  it('answers 503 in words on every route while the database refuses connections, and serves again by itself', async () => {
    const name = databaseOf(t);
    await admin((c) => c.query(`alter database ${name} with allow_connections false`));
    try {
      await terminateBackends(name);
      const login = await t.http.post('/api/accounts/login').send({ username: 'admin', password: 'whatever it is' });
      expect([login.status, (login.body as ErrorEnvelope).message]).toEqual([503, 'The database cannot be reached just now. Please try again in a moment.']);
      const list = await t.http.get('/api/patients').set('Authorization', adminUser.authorization);
      expect(list.status).toBe(503);
      await t.http.get('/api/health').expect(503);
    } finally {
      await admin((c) => c.query(`alter database ${name} with allow_connections true`));
    }
    await t.http.get('/api/patients').set('Authorization', adminUser.authorization).expect(200);
  }, 60_000);
});

onPostgres('the running server cannot switch the audit log off (PostgreSQL, two URLs)', () => {
  const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const appRole = `pnss_app_${suffix}`;
  const database = `pnss_roles_${suffix}`;
  const password = randomBytes(12).toString('hex');
  let t: TestApp;
  let appUrl: string;

  beforeAll(async () => {
    await admin(async (c) => {
      await c.query(`create role ${appRole} login password '${password}'`);
      await c.query(`create database ${database}`);
    });
    const owner = new URL(BASE_URL as string);
    owner.pathname = `/${database}`;
    const app = new URL(owner.toString());
    app.username = appRole;
    app.password = password;
    appUrl = app.toString();
    t = await createTestApp({ database: { kind: 'postgres', url: appUrl, migrationUrl: owner.toString() } });
  });
  afterAll(async () => {
    await t?.close();
    await admin(async (c) => {
      await c.query(`drop database if exists ${database} with (force)`);
      await c.query(`drop role if exists ${appRole}`);
    });
  });

  it('runs as a role that owns nothing, may only insert and read the audit log, and still serves', async () => {
    const signedIn = await t.signInAsAdmin();
    await t.http.post('/api/patients').set('Authorization', signedIn.authorization).send({ firstName: 'Role', lastName: 'Check', birthDate: yearsAgo(40) }).expect(201);

    const client = new pg.Client({ connectionString: appUrl });
    await client.connect();
    try {
      const owned = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_class where relowner = (select oid from pg_roles where rolname = current_user)`,
      );
      expect(owned.rows[0]?.n).toBe(0);
      await expect(client.query('alter table audit_log disable trigger all')).rejects.toThrow(/must be owner/);
      await expect(client.query('delete from audit_log')).rejects.toThrow(/permission denied/);
      await expect(client.query('truncate audit_log')).rejects.toThrow(/permission denied/);
      await expect(client.query(`update audit_log set action = 'tampered'`)).rejects.toThrow(/permission denied/);
      await expect(client.query('drop table patients')).rejects.toThrow(/must be owner/);
      const rows = await client.query<{ n: number }>(`select count(*)::int as n from audit_log`);
      expect(rows.rows[0]?.n).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });
});
