import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AccountsErrorCode, accountsError } from './accounts.errors.js';
import { type AttemptCounter, SignInAttemptsRepository } from './sign-in-attempts.repository.js';

/**
 * Sign-in throttling, counted in the database so it holds across instances and restarts, and
 * atomically so parallel guesses cannot race past a limit: each attempt locks its counters
 * (SignInAttemptsRepository.lock), is refused or counts itself, and only then is the password
 * checked. Three counters, so that guessing slows without locking real users out:
 *
 * - one user name from one address: `maxFailuresPerUser` attempts per window, then that pair waits
 *   for the window to end (the guesser is stopped; the same user elsewhere is not);
 * - one user name from anywhere: past `maxFailuresPerAccount`, each attempt waits 1, 2, 4 ... s,
 *   at most `maxAccountDelaySeconds` (guessing from many addresses slows to a crawl; the owner waits
 *   at most that long);
 * - one address, any user name: past `maxFailuresPerAddress`, each attempt waits 1, 2, 4 ... s, at
 *   most `maxAddressDelaySeconds` (a colleague behind the same address waits a few seconds, not 15 minutes).
 *
 * - a device that signed in as this user before (its signed device cookie, device-cookie.ts): the
 *   account counter does not hold it up (issue 27 item 4: twelve wrong guesses from twelve
 *   addresses put the real user behind a 429 from everywhere); its own counter allows `perPair`
 *   attempts a window, after which it is held up by the account counter like any other device.
 *
 * A successful sign-in clears the pair, the account and the device counters and takes itself off the address's.
 */

export interface SignInReservation {
  keys: AttemptKeys;
}

export interface AttemptKeys {
  pair: string;
  account: string;
  address: string | null;
  /** The device cookie's counter, when the attempt showed a genuine one for this user. */
  device?: string | null;
}

/** The limits of AppConfig.signInLimits, with the optional ones filled in. */
export interface ThrottleLimits {
  windowMs: number;
  perPair: number;
  perAccount: number;
  perAddress: number;
  accountCapMs: number;
  addressCapMs: number;
}

/** What one attempt does to its counters: wait `waitMs`, or go on and store `counters`. */
export type ThrottleDecision = { waitMs: number; counters?: undefined } | { waitMs: 0; counters: AttemptCounter[] };

const CLEANUP_EVERY = 200;

export function attemptKeys(attemptedName: string, ip: string | null, deviceId: string | null = null): AttemptKeys {
  const name = attemptedName.toLowerCase().slice(0, 100);
  const keys: AttemptKeys = { pair: `pair:${name}|${ip ?? '-'}`, account: `account:${name}`, address: ip ? `address:${ip}` : null };
  if (deviceId) keys.device = `device:${deviceId}`;
  return keys;
}

export function throttleLimits(config: AppConfig['signInLimits']): ThrottleLimits {
  return {
    windowMs: config.windowMinutes * 60_000,
    perPair: config.maxFailuresPerUser,
    perAccount: config.maxFailuresPerAccount ?? config.maxFailuresPerUser * 2,
    perAddress: config.maxFailuresPerAddress,
    accountCapMs: (config.maxAccountDelaySeconds ?? 60) * 1000,
    addressCapMs: (config.maxAddressDelaySeconds ?? 10) * 1000,
  };
}

/**
 * The rule, without the database: given the locked counters of one attempt, either how long it
 * must wait, or the counters with this attempt counted (windows that ended start again at `now`).
 */
export function decideAttempt(keys: AttemptKeys, locked: readonly AttemptCounter[], limits: ThrottleLimits, now: number): ThrottleDecision {
  const fresh = (key: string): AttemptCounter => ({ key, attempts: 0, windowStart: new Date(now), nextAllowedAt: null });
  const current = new Map(locked.map((row) => [row.key, row.windowStart.getTime() + limits.windowMs <= now ? fresh(row.key) : row]));
  const pair = current.get(keys.pair) ?? fresh(keys.pair);
  const account = current.get(keys.account) ?? fresh(keys.account);
  const address = keys.address ? (current.get(keys.address) ?? fresh(keys.address)) : null;
  const device = keys.device ? (current.get(keys.device) ?? fresh(keys.device)) : null;
  const trustedDevice = device !== null && device.attempts < limits.perPair;

  let wait = 0;
  if (pair.attempts >= limits.perPair) wait = Math.max(wait, pair.windowStart.getTime() + limits.windowMs - now);
  const held = trustedDevice ? [[address, limits.perAddress]] as const : [[account, limits.perAccount], [address, limits.perAddress]] as const;
  for (const [row, threshold] of held) {
    if (row && row.attempts >= threshold && row.nextAllowedAt && row.nextAllowedAt.getTime() > now) {
      wait = Math.max(wait, row.nextAllowedAt.getTime() - now);
    }
  }
  if (wait > 0) return { waitMs: wait };

  const backoff = (attempts: number, threshold: number, cap: number): Date | null =>
    attempts >= threshold ? new Date(now + Math.min(cap, 1000 * 2 ** Math.min(attempts - threshold, 30))) : null;
  return {
    waitMs: 0,
    counters: [
      { ...pair, attempts: pair.attempts + 1, nextAllowedAt: null },
      { ...account, attempts: account.attempts + 1, nextAllowedAt: backoff(account.attempts + 1, limits.perAccount, limits.accountCapMs) },
      ...(address ? [{ ...address, attempts: address.attempts + 1, nextAllowedAt: backoff(address.attempts + 1, limits.perAddress, limits.addressCapMs) }] : []),
      ...(device ? [{ ...device, attempts: device.attempts + 1, nextAllowedAt: null }] : []),
    ],
  };
}

@Injectable()
export class SignInThrottle {
  private reservations = 0;

  constructor(
    private readonly attempts: SignInAttemptsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts this attempt, or throws the 429 (with Retry-After) when one of its counters says wait. */
  async reserve(attemptedName: string, ip: string | null, deviceId: string | null = null): Promise<SignInReservation> {
    const limits = throttleLimits(this.config.signInLimits);
    const keys = attemptKeys(attemptedName, ip, deviceId);
    const all = [keys.pair, keys.account, ...(keys.address ? [keys.address] : []), ...(keys.device ? [keys.device] : [])];

    const waitMs = await this.attempts.transaction(async (tx) => {
      const now = Date.now();
      const decision = decideAttempt(keys, await this.attempts.lock(tx, all), limits, now);
      if (decision.counters) await this.attempts.save(tx, decision.counters, new Date(now));
      return decision.waitMs;
    });

    // Counters untouched for two windows hold nothing any more: dropped so guessed names do not pile up.
    if (++this.reservations % CLEANUP_EVERY === 0) await this.attempts.forgetUntouchedSince(new Date(Date.now() - 2 * limits.windowMs));
    if (waitMs > 0) throw tooMany(waitMs);
    return { keys };
  }

  /** The right password: the pair and account counters start again; this attempt is no failure of the address. */
  async succeeded(reservation: SignInReservation): Promise<void> {
    const { pair, account, address, device } = reservation.keys;
    await this.attempts.clearAfterSuccess([account, pair, ...(device ? [device] : [])], address);
  }
}

function tooMany(waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return accountsError(AccountsErrorCode.TooManySignInAttempts, { seconds });
}
