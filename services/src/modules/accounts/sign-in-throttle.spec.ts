import type { AttemptCounter } from './sign-in-attempts.repository.js';
import { attemptKeys, decideAttempt, throttleLimits } from './sign-in-throttle.js';

const limits = throttleLimits({
  windowMinutes: 15, maxFailuresPerUser: 5, maxFailuresPerAccount: 20, maxFailuresPerAddress: 50,
  maxAccountDelaySeconds: 60, maxAddressDelaySeconds: 10,
});
const now = Date.parse('2026-11-22T10:00:00Z');
const keys = attemptKeys('Maria', '10.0.0.7');
const counter = (key: string, attempts: number, windowStart = now - 60_000, nextAllowedAt: Date | null = null): AttemptCounter =>
  ({ key, attempts, windowStart: new Date(windowStart), nextAllowedAt });

describe('sign-in throttling: guessing slows, real users are not locked out', () => {
  it('counts user names without case, per address and per account', () => {
    expect(attemptKeys('MARIA', '10.0.0.7')).toEqual(keys);
    expect(keys).toEqual({ pair: 'pair:maria|10.0.0.7', account: 'account:maria', address: 'address:10.0.0.7' });
    expect(attemptKeys('maria', null).address).toBeNull();
  });

  it('a first attempt is counted on all three counters and need not wait', () => {
    const decision = decideAttempt(keys, [], limits, now);
    expect(decision.waitMs).toBe(0);
    expect(decision.counters?.map((c) => [c.key, c.attempts])).toEqual([[keys.pair, 1], [keys.account, 1], [keys.address, 1]]);
  });

  it('one user name from one address waits for the end of the window after maxFailuresPerUser attempts', () => {
    const windowStart = now - 5 * 60_000;
    const decision = decideAttempt(keys, [counter(keys.pair, 5, windowStart)], limits, now);
    expect(decision.waitMs).toBe(10 * 60_000);
    expect(decision.counters).toBeUndefined();
  });

  it('a window that has ended starts again', () => {
    const decision = decideAttempt(keys, [counter(keys.pair, 5, now - 16 * 60_000)], limits, now);
    expect(decision.waitMs).toBe(0);
    expect(decision.counters?.[0]).toMatchObject({ attempts: 1, windowStart: new Date(now) });
  });

  it('past maxFailuresPerAccount each attempt waits 1, 2, 4 ... s, at most maxAccountDelaySeconds', () => {
    const at = (attempts: number) => decideAttempt(keys, [counter(keys.account, attempts)], limits, now).counters?.[1].nextAllowedAt?.getTime();
    expect(at(18)).toBeUndefined();
    expect(at(19)).toBe(now + 1000);
    expect(at(20)).toBe(now + 2000);
    expect(at(21)).toBe(now + 4000);
    expect(at(40)).toBe(now + 60_000);
  });

  it('an attempt before the next allowed time waits only the rest of it', () => {
    const decision = decideAttempt(keys, [counter(keys.account, 25, now - 60_000, new Date(now + 7000))], limits, now);
    expect(decision.waitMs).toBe(7000);
  });

  it('one address, any user name: the backoff stops at maxAddressDelaySeconds', () => {
    const decision = decideAttempt(keys, [counter(keys.address as string, 80)], limits, now);
    expect(decision.counters?.[2].nextAllowedAt?.getTime()).toBe(now + 10_000);
  });

  it("a device that signed in as this user before is not held up by the account's counter, only by its own (OWASP device cookie)", () => {
    const device = attemptKeys('maria', '10.0.0.7', 'dev1');
    const jammed = [counter(device.account, 25, now - 60_000, new Date(now + 7000))];
    expect(decideAttempt(keys, jammed, limits, now).waitMs).toBe(7000);
    const decision = decideAttempt(device, jammed, limits, now);
    expect(decision.waitMs).toBe(0);
    expect(decision.counters?.map((c) => [c.key, c.attempts])).toEqual([[device.pair, 1], [device.account, 26], [device.address, 1], ['device:dev1', 1]]);
    // After maxFailuresPerUser of its own attempts, the device waits as any other would.
    expect(decideAttempt(device, [...jammed, counter('device:dev1', 5)], limits, now).waitMs).toBe(7000);
  });
});
