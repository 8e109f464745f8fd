import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import bcrypt from 'bcryptjs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

const GENERATED_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789-_.!';

/** bcrypt (bcryptjs, cost 12). A hash is never returned by the API nor logged. */
@Injectable()
export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  hash(password: string): Promise<string> {
    return bcrypt.hash(password, this.config.bcryptRounds);
  }

  verify(password: string, hash: string): Promise<boolean> {
    return bcrypt.compare(password, hash);
  }

  /** Spends the same time as a real check, so an unknown user name cannot be told apart by timing. */
  async verifyAgainstNothing(password: string): Promise<false> {
    this.dummyHash ??= bcrypt.hash(generatePassword(), this.config.bcryptRounds);
    await bcrypt.compare(password, await this.dummyHash);
    return false;
  }
}

/** A strong random password (about 119 bits) for the first administrator when none is configured. */
export function generatePassword(length = 20): string {
  let result = '';
  for (let i = 0; i < length; i++) result += GENERATED_ALPHABET[randomInt(GENERATED_ALPHABET.length)];
  return result;
}
