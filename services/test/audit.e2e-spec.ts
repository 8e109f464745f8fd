import type { AuditEntry, ErrorEnvelope, Paged } from '@pnss/libs/api';
import { PERMISSIONS } from '@pnss/libs/permissions';
import { sql } from 'drizzle-orm';
import { TEST_ADMIN_PASSWORD, TEST_ADMIN_USERNAME } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

describe('the audit log and the sign-in rate limit', () => {
  const { t, admin } = useTestApp();

  const audit = async (query: Record<string, string | number>) =>
    (await t.http.get('/api/audit').query(query).set('Authorization', admin.authorization).expect(200)).body as Paged<
      AuditEntry & { ip: string | null }
    >;
  /** A count straight from the database, bypassing the API. */
  const countRows = async (query: ReturnType<typeof sql>) => {
    const result = (await t.database.db.execute(query)) as unknown as { rows: Array<{ n: number }> };
    return result.rows[0].n;
  };
  const login = (username: string, password: string, ip: string) =>
    t.http.post('/api/accounts/login').set('X-Forwarded-For', ip).send({ username, password });

  describe('sign-in is audited (entity session)', () => {
    it('records a success with the user as actor and the address', async () => {
      const user = await t.createUserWithRole('reporting');
      await login(user.username, user.password, '10.3.0.1').expect(200);
      const page = await audit({ entity: 'session', actor: user.user._id });
      expect(page.items[0]).toMatchObject({
        entity: 'session',
        action: 'login',
        actorId: user.user._id,
        actorUsername: user.username,
        ip: '10.3.0.1',
      });
      expect(new Date(page.items[0].at).toISOString()).toBe(page.items[0].at);
    });

    it('records a failure with no actor, the attempted name, and never the password', async () => {
      await login('Someone.Unknown', 'the guessed secret words', '10.3.0.2').expect(401);
      const page = await audit({ entity: 'session', entityId: 'someone.unknown' });
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({
        action: 'login_failed',
        actorId: null,
        actorUsername: null,
        ip: '10.3.0.2',
        changes: [{ field: 'reason', old: null, new: 'unknown_user' }],
      });
      expect(await countRows(sql`select count(*)::int as n from audit_log where changes::text like '%guessed secret%'`)).toBe(0);
    });

    it('records sign-out', async () => {
      const user = await t.createUserWithRole('reporting');
      await t.http.post('/api/accounts/logout').set('Authorization', user.authorization).expect(200);
      const page = await audit({ entity: 'session', actor: user.username });
      expect(page.items.map((e) => e.action)).toEqual(['logout', 'login']);
    });
  });

  describe('GET /api/audit', () => {
    it('filters by entity and pages newest first', async () => {
      const page = await audit({ entity: 'role' });
      expect(page.offset).toBe(0);
      expect(page.count).toBeGreaterThanOrEqual(4);
      expect(page.items.every((e) => e.entity === 'role')).toBe(true);
      const times = page.items.map((e) => e.at);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it('is a 403 without view_audit', async () => {
      const user = await t.createUserWithRole([PERMISSIONS.GET_ALL_USERS]);
      await t.http.get('/api/audit').set('Authorization', user.authorization).expect(403);
    });

    it('refuses an unknown filter, naming it', async () => {
      const res = await t.http.get('/api/audit?table=users').set('Authorization', admin.authorization).expect(400);
      expect((res.body as ErrorEnvelope).errors?.[0].field).toBe('table');
    });
  });

  describe('append-only in the database', () => {
    it('raises on UPDATE, DELETE and TRUNCATE of audit_log', async () => {
      const db = t.database.db;
      await expect(db.execute(sql`update audit_log set action = 'tampered'`)).rejects.toThrow();
      await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
      await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
      expect(await countRows(sql`select count(*)::int as n from audit_log where action = 'tampered'`)).toBe(0);
      expect((await audit({})).count).toBeGreaterThan(0);
    });
  });

  describe('rate limit: 5 failures per user name and address, 20 per address, in 15 minutes', () => {
    it('answers 429 from the sixth attempt on one name from one address, even with the right password', async () => {
      const user = await t.createUserWithRole('reporting');
      for (let i = 0; i < 5; i++) await login(user.username, 'wrong password number ' + i, '10.4.0.1').expect(401);
      const blocked = await login(user.username, user.password, '10.4.0.1').expect(429);
      expect(blocked.body).toEqual({ statusCode: 429, message: 'Too many sign-in attempts. Try again in 15 minutes.' });
      expect(blocked.headers['retry-after']).toBe('900');
      // Another address is not blocked for that name.
      await login(user.username, user.password, '10.4.0.2').expect(200);
    });

    it('a successful sign-in clears the count for that name and address', async () => {
      const user = await t.createUserWithRole('reporting');
      for (let i = 0; i < 4; i++) await login(user.username, 'wrong password number ' + i, '10.4.1.1').expect(401);
      await login(user.username, user.password, '10.4.1.1').expect(200);
      for (let i = 0; i < 4; i++) await login(user.username, 'wrong password again ' + i, '10.4.1.1').expect(401);
      await login(user.username, user.password, '10.4.1.1').expect(200);
    });

    it('after 20 failures from one address, another name from it waits seconds, not minutes (see sign-in.e2e-spec)', async () => {
      for (let i = 0; i < 20; i++) await login(`guess${i}`, 'some wrong password', '10.4.2.1').expect(401);
      const res = await login(TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD, '10.4.2.1').expect(429);
      expect((res.body as ErrorEnvelope).message).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds?\.$/);
      await login(TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD, '10.4.2.2').expect(200);
    });
  });
});
