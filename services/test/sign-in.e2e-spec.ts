import type { AuditEntry, ErrorEnvelope, Paged } from '@pnss/libs/api';
import { TEST_ADMIN_PASSWORD, TEST_ADMIN_USERNAME, type TestApp, createTestApp } from './support/test-app.js';

/**
 * Issue 13 items 2 and 3: sign-in attempts are counted atomically in the database, by user name and
 * address, by user name alone and by address alone, so a guesser is slowed without locking real users out.
 */
describe('sign-in throttling cannot be raced and does not lock real users out', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const login = (username: string, password: string, ip: string) =>
    t.http.post('/api/accounts/login').set('X-Forwarded-For', ip).send({ username, password });
  const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

  it('30 parallel wrong passwords for one user from one address: exactly 5 are checked, the rest are 429', async () => {
    const user = await t.createUserWithRole('reporting');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(user.username, `wrong guess ${i}`, '10.13.0.1')));
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: 5, 429: 25 });
  });

  it('the right password sent among 30 parallel wrong ones for a fresh user does not get through past the limit', async () => {
    const user = await t.createUserWithRole('reporting');
    const wrong = Array.from({ length: 30 }, (_, i) => login(user.username, `wrong guess ${i}`, '10.13.0.2'));
    const answers = await Promise.all([...wrong, login(user.username, user.password, '10.13.0.2')]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401 || s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(26);
  });

  it('after 20 failures from one address, another user at that address waits seconds, then signs in', async () => {
    for (let i = 0; i < 20; i++) await login(`guess${i}`, 'some wrong password', '10.13.0.3').expect(401);
    const slowed = await login(TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD, '10.13.0.3').expect(429);
    const message = (slowed.body as ErrorEnvelope).message;
    expect(message).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds?\.$/);
    const seconds = Number(slowed.headers['retry-after']);
    expect(seconds).toBeLessThanOrEqual(t.config.signInLimits.maxAddressDelaySeconds ?? 10);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 100));
    await login(TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD, '10.13.0.3').expect(200);
  });

  it('guessing one account from many addresses is slowed by a doubling wait, which the owner waits out', async () => {
    const user = await t.createUserWithRole('reporting');
    const perAccount = t.config.signInLimits.maxFailuresPerAccount ?? 10;
    for (let i = 0; i < perAccount; i++) await login(user.username, `wrong ${i}`, `10.14.${i}.1`).expect(401);
    const slowed = await login(user.username, 'yet another guess', '10.14.200.1').expect(429);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, Number(slowed.headers['retry-after']) * 1000 + 100));
    await login(user.username, user.password, '10.14.201.1').expect(200);
    // The right password cleared the account's count: the next mistake is an ordinary 401.
    await login(user.username, 'a typo', '10.14.202.1').expect(401);
  });

  describe('issue 27 item 4: nobody can jam another user\'s sign-in from her own device (OWASP device cookies)', () => {
    const deviceOf = (res: { headers: Record<string, unknown> }) => {
      const cookies = res.headers['set-cookie'] as string[] | undefined;
      const cookie = cookies?.find((c) => c.startsWith('pnss_device='));
      if (!cookie) throw new Error('no device cookie');
      return cookie.split(';')[0];
    };
    const loginFrom = (username: string, password: string, ip: string, cookie?: string) => {
      const req = t.http.post('/api/accounts/login').set('X-Forwarded-For', ip);
      if (cookie) req.set('Cookie', cookie);
      return req.send({ username, password });
    };
    const jam = async (username: string, prefix: string, n = 12) => {
      for (let i = 0; i < n; i++) {
        const res = await loginFrom(username, `a wrong guess ${i}`, `${prefix}.${i}.9`);
        expect([401, 429]).toContain(res.status);
      }
    };

    it('sets an HttpOnly, SameSite=Strict device cookie, for the sign-in route only, at a successful sign-in', async () => {
      const user = await t.createUserWithRole('reporting');
      const res = await loginFrom(user.username, user.password, '10.27.0.1').expect(200);
      const header = (res.headers['set-cookie'] as unknown as string[])[0];
      expect(header).toMatch(/^pnss_device=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+; Max-Age=15552000; Path=\/api\/accounts\/login; HttpOnly; SameSite=Strict$/);
      await loginFrom(user.username, 'not it', '10.27.0.1').expect(401).then((r) => expect(r.headers['set-cookie']).toBeUndefined());
    });

    it("twelve wrong passwords from twelve addresses hold up every other device, but not hers: from her device she signs in at once", async () => {
      const user = await t.createUserWithRole('reporting');
      const device = deviceOf(await loginFrom(user.username, user.password, '10.27.1.1').expect(200));
      await jam(user.username, '10.27.2');
      const elsewhere = await loginFrom(user.username, user.password, '10.27.3.1').expect(429);
      expect((elsewhere.body as ErrorEnvelope).message).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds?\.$/);
      // Her device, even from a new address (her phone on another network):
      await loginFrom(user.username, user.password, '10.27.4.1', device).expect(200);
    });

    it('one wrong attempt just before each of her tries: from her device she gets in 5 times of 5', async () => {
      const user = await t.createUserWithRole('reporting');
      const device = deviceOf(await loginFrom(user.username, user.password, '10.27.5.1').expect(200));
      await jam(user.username, '10.27.6');
      let inside = 0;
      for (let round = 0; round < 5; round++) {
        await loginFrom(user.username, `jam ${round}`, `10.27.7.${round}`);
        const res = await loginFrom(user.username, user.password, '10.27.5.1', device);
        if (res.status === 200) inside += 1;
      }
      expect(inside).toBe(5);
    });

    // One character changed inside the signature: a base64url signature's last character carries bits
    // that no decoder reads, so changing the end alone can leave the same signature.
    const tamperedInside = (signature: string) => {
      const at = signature.length >> 1;
      return `${signature.slice(0, at)}${signature[at] === 'A' ? 'B' : 'A'}${signature.slice(at + 1)}`;
    };

    it("another user's device cookie, a forged one and a tampered one pass nothing", async () => {
      const victim = await t.createUserWithRole('reporting');
      const other = await t.createUserWithRole('reporting');
      const othersDevice = deviceOf(await loginFrom(other.username, other.password, '10.27.8.1').expect(200));
      const [name, value] = (deviceOf(await loginFrom(victim.username, victim.password, '10.27.8.2').expect(200))).split('=');
      const [payload, signature] = value.split('.');
      const forgedPayload = Buffer.from(JSON.stringify({ user: victim.username.toLowerCase(), id: 'forged', issuedAt: Date.now() })).toString('base64url');
      await jam(victim.username, '10.27.9');
      for (const cookie of [othersDevice, `${name}=${forgedPayload}.${signature}`, `${name}=${payload}.${tamperedInside(signature)}`]) {
        await loginFrom(victim.username, victim.password, '10.27.10.1', cookie).expect(429);
      }
    });

    it("guessing from her device is counted on the device's own counter: after 5 it is held up like any other", async () => {
      const user = await t.createUserWithRole('reporting');
      const device = deviceOf(await loginFrom(user.username, user.password, '10.27.11.1').expect(200));
      await jam(user.username, '10.27.12');
      for (let i = 0; i < 5; i++) await loginFrom(user.username, `stolen device guess ${i}`, `10.27.13.${i}`, device).expect(401);
      await loginFrom(user.username, user.password, '10.27.14.1', device).expect(429);
    });

    it('a sign-in refused by the throttle (429) leaves an audit row naming the attempted user and the address', async () => {
      const user = await t.createUserWithRole('reporting');
      for (let i = 0; i < 5; i++) await loginFrom(user.username, `wrong ${i}`, '10.27.15.1').expect(401);
      await loginFrom(user.username, 'once more', '10.27.15.1').expect(429);
      const admin = await t.signInAsAdmin();
      const rows = (await t.http.get(`/api/audit?action=login_throttled`).set('Authorization', admin.authorization).expect(200)).body as Paged<AuditEntry>;
      expect(rows.items).toContainEqual(expect.objectContaining({
        entity: 'session', entityId: user.username.toLowerCase(), action: 'login_throttled', ip: '10.27.15.1',
        changes: [{ field: 'knownDevice', old: null, new: false }],
      }));
    });
  });
});
