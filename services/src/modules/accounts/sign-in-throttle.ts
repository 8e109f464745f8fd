import { Inject, Injectable } from '@nestjs/common';
import { inArray, lt, sql } from 'drizzle-orm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DatabaseService } from '../../database/database.service.js';
import { signInAttempts } from '../../database/schema.js';
import { AccountsErrorCode, accountsError } from './accounts.errors.js';

/**
 * Sign-in throttling, counted in the database so it holds across instances and restarts, and
 * atomically so parallel guesses cannot race past a limit: each attempt locks its counters
 * (SELECT ... FOR UPDATE, in a fixed order), is refused or counts itself, and only then is the
 * password checked. Three counters, so that guessing slows without locking real users out:
 *
 * - one user name from one address: `maxFailuresPerUser` attempts per window, then that pair waits
 *   for the window to end (the guesser is stopped; the same user elsewhere is not);
 * - one user name from anywhere: past `maxFailuresPerAccount`, each attempt waits 1, 2, 4 ... s,
 *   at most `maxAccountDelaySeconds` (guessing from many addresses slows to a crawl; the owner waits
 *   at most that long);
 * - one address, any user name: past `maxFailuresPerAddress`, each attempt waits 1, 2, 4 ... s, at
 *   most `maxAddressDelaySeconds` (a colleague behind the same address waits a few seconds, not 15 minutes).
 *
 * A successful sign-in clears the pair and the account counters and takes itself off the address's.
 */

export interface SignInReservation {
  keys: { pair: string; account: string; address: string | null };
}

interface CounterRow {
  key: string;
  attempts: number;
  windowStart: Date;
  nextAllowedAt: Date | null;
}

const CLEANUP_EVERY = 200;

@Injectable()
export class SignInThrottle {
  private reservations = 0;

  constructor(
    private readonly database: DatabaseService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts this attempt, or throws the 429 (with Retry-After) when one of its counters says wait. */
  async reserve(attemptedName: string, ip: string | null): Promise<SignInReservation> {
    const limits = this.config.signInLimits;
    const name = attemptedName.toLowerCase().slice(0, 100);
    const keys = { pair: `pair:${name}|${ip ?? '-'}`, account: `account:${name}`, address: ip ? `address:${ip}` : null };
    const all = [keys.pair, keys.account, ...(keys.address ? [keys.address] : [])].sort();
    const windowMs = limits.windowMinutes * 60_000;
    const perAccount = limits.maxFailuresPerAccount ?? limits.maxFailuresPerUser * 2;
    const accountCap = (limits.maxAccountDelaySeconds ?? 60) * 1000;
    const addressCap = (limits.maxAddressDelaySeconds ?? 10) * 1000;

    const waitMs = await this.database.transaction(async (tx) => {
      await tx.insert(signInAttempts).values(all.map((key) => ({ key }))).onConflictDoNothing();
      const locked = (await tx
        .select({ key: signInAttempts.key, attempts: signInAttempts.attempts, windowStart: signInAttempts.windowStart, nextAllowedAt: signInAttempts.nextAllowedAt })
        .from(signInAttempts)
        .where(inArray(signInAttempts.key, all))
        .orderBy(signInAttempts.key)
        .for('update')) as CounterRow[];
      const now = Date.now();
      const current = new Map(
        locked.map((row) => {
          const expired = row.windowStart.getTime() + windowMs <= now;
          return [row.key, expired ? { ...row, attempts: 0, windowStart: new Date(now), nextAllowedAt: null } : row];
        }),
      );
      const pair = current.get(keys.pair) as CounterRow;
      const account = current.get(keys.account) as CounterRow;
      const address = keys.address ? (current.get(keys.address) as CounterRow) : null;

      let wait = 0;
      if (pair.attempts >= limits.maxFailuresPerUser) wait = Math.max(wait, pair.windowStart.getTime() + windowMs - now);
      for (const [row, threshold] of [[account, perAccount], [address, limits.maxFailuresPerAddress]] as const) {
        if (row && row.attempts >= threshold && row.nextAllowedAt && row.nextAllowedAt.getTime() > now) {
          wait = Math.max(wait, row.nextAllowedAt.getTime() - now);
        }
      }
      if (wait > 0) return wait;

      const backoff = (attempts: number, threshold: number, cap: number): Date | null =>
        attempts >= threshold ? new Date(now + Math.min(cap, 1000 * 2 ** Math.min(attempts - threshold, 30))) : null;
      const updates: CounterRow[] = [
        { ...pair, attempts: pair.attempts + 1, nextAllowedAt: null },
        { ...account, attempts: account.attempts + 1, nextAllowedAt: backoff(account.attempts + 1, perAccount, accountCap) },
        ...(address ? [{ ...address, attempts: address.attempts + 1, nextAllowedAt: backoff(address.attempts + 1, limits.maxFailuresPerAddress, addressCap) }] : []),
      ].sort((a, b) => (a.key < b.key ? -1 : 1));
      for (const row of updates) {
        await tx
          .update(signInAttempts)
          .set({ attempts: row.attempts, windowStart: row.windowStart, nextAllowedAt: row.nextAllowedAt, updatedAt: new Date(now) })
          .where(sql`${signInAttempts.key} = ${row.key}`);
      }
      return 0;
    });

    if (++this.reservations % CLEANUP_EVERY === 0) await this.forgetOld(windowMs);
    if (waitMs > 0) throw tooMany(waitMs);
    return { keys };
  }

  /** The right password: the pair and account counters start again; this attempt is no failure of the address. */
  async succeeded(reservation: SignInReservation): Promise<void> {
    const { pair, account, address } = reservation.keys;
    await this.database.transaction(async (tx) => {
      await tx.delete(signInAttempts).where(inArray(signInAttempts.key, [account, pair].sort()));
      if (address) {
        await tx
          .update(signInAttempts)
          .set({ attempts: sql`greatest(${signInAttempts.attempts} - 1, 0)` })
          .where(sql`${signInAttempts.key} = ${address}`);
      }
    });
  }

  /** Counters untouched for two windows hold nothing any more: drop them so guessed names do not pile up. */
  private async forgetOld(windowMs: number): Promise<void> {
    await this.database.db.delete(signInAttempts).where(lt(signInAttempts.updatedAt, new Date(Date.now() - 2 * windowMs)));
  }
}

function tooMany(waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return accountsError(AccountsErrorCode.TooManySignInAttempts, { seconds });
}
