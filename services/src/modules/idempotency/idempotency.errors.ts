import { errorFactory } from '../../common/errors/error-table.js';

export enum IdempotencyErrorCode {
  KeyReused = 'IDEMPOTENCY_KEY_REUSED',
}

export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different request. Send a new key for a new record.';

/** The refusals of an idempotent create, worded for whoever reads them in the offline queue. */
export const idempotencyError = errorFactory<IdempotencyErrorCode, undefined>(
  {
    [IdempotencyErrorCode.KeyReused]: { status: 422, message: IDEMPOTENCY_KEY_REUSED_MESSAGE, field: 'Idempotency-Key' },
  },
  undefined,
);
