import type { ErrorEnvelope } from '@pnss/libs/api';
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
});
