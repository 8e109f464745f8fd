import { randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AccountsErrorCode, accountsError } from './accounts.errors.js';
import { type PasswordJob, PasswordPool, PasswordPoolBusy } from './password-pool.js';

const GENERATED_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789-_.!';

/**
 * Threads that compute password hashes: all cores but one, at most four, so the request thread and
 * the embedded database always keep a core. Eight sign-ins wait per thread; more are refused at once.
 */
export const PASSWORD_THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));
export const PASSWORD_QUEUE = PASSWORD_THREADS * 8;

/**
 * bcrypt (bcryptjs, cost 12), computed on the pool's threads (password-pool.ts). A hash is never
 * returned by the API nor logged. Each method rejects with PasswordPoolBusy when the pool is full.
 */
@Injectable()
export class PasswordHasher implements OnApplicationShutdown {
  private dummyHash: Promise<string> | null = null;
  private readonly pool = new PasswordPool(PASSWORD_THREADS, PASSWORD_QUEUE);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async hash(password: string): Promise<string> {
    return (await this.run({ op: 'hash', password, rounds: this.config.bcryptRounds })) as string;
  }

  async verify(password: string, hash: string): Promise<boolean> {
    return (await this.run({ op: 'compare', password, hash })) as boolean;
  }

  private async run(job: PasswordJob): Promise<string | boolean> {
    try {
      return await this.pool.run(job);
    } catch (error) {
      if (error instanceof PasswordPoolBusy) throw accountsError(AccountsErrorCode.PasswordChecksBusy);
      throw error;
    }
  }

  /** Spends the same time as a real check, so an unknown user name cannot be told apart by timing. */
  async verifyAgainstNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash(generatePassword());
    await this.verify(password, await this.dummyHash);
    return false;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.close();
  }
}

/** A strong random password (about 119 bits) for the first administrator when none is configured. */
export function generatePassword(length = 20): string {
  let result = '';
  for (let i = 0; i < length; i++) result += GENERATED_ALPHABET[randomInt(GENERATED_ALPHABET.length)];
  return result;
}
