import { createHash } from 'node:crypto';

/** A department API key as the hub stores it: its SHA-256, never the key. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
