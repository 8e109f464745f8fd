import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { canonicalJson } from '../../common/records/canonical-json.js';
import type { Executor } from '../../database/database.service.js';
import { IdempotencyErrorCode, idempotencyError } from './idempotency.errors.js';
import { IdempotencyRepository, type NewIdempotentRequest } from './idempotency.repository.js';

/** One create sent with an `Idempotency-Key`: who sent it, the key, and what was asked. */
export type IdempotentRequest = NewIdempotentRequest;

/**
 * Idempotent creates (issue 32): a client that lost the answer to a create (a ward's connection
 * dropping mid-request, the offline queue replaying) sends it again with the same key and gets the
 * record the first one made, never a second patient or case. Keys are per user. A create calls, in
 * its own transaction, `earlier` before it inserts and `remember` after.
 */
@Injectable()
export class IdempotencyService {
  constructor(private readonly repository: IdempotencyRepository) {}

  /**
   * The request to look up, or null when no key was sent (the create is then an ordinary one) or no
   * user sent it (the system's own creates are never replayed).
   */
  request(userId: string | null, key: string | undefined, operation: string, body: unknown): IdempotentRequest | null {
    if (key === undefined || userId === null) return null;
    const requestHash = createHash('sha256').update(operation).update('\n').update(canonicalJson(body)).digest('hex');
    return { userId, key, operation, requestHash };
  }

  /**
   * The id of the record an earlier copy of this request made, or null when this one is the first
   * (the key is then reserved until the transaction ends). The same key with another operation or
   * body is a 422: the client reused a key, and answering the earlier record would mislead it.
   */
  async earlier(tx: Executor, request: IdempotentRequest): Promise<string | null> {
    if (await this.repository.reserve(tx, request)) return null;
    const found = await this.repository.find(tx, request.userId, request.key);
    if (!found || found.operation !== request.operation || found.requestHash !== request.requestHash || !found.entityId) {
      throw idempotencyError(IdempotencyErrorCode.KeyReused);
    }
    return found.entityId;
  }

  /** Records, in the create's transaction, which record this request made. */
  async remember(tx: Executor, request: IdempotentRequest, entityId: string): Promise<void> {
    await this.repository.setEntity(tx, request.userId, request.key, entityId);
  }
}
