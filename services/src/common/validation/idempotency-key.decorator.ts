import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { badField } from '../errors/common.errors.js';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX = 200;
const KEY = new RegExp(`^[A-Za-z0-9._:-]{1,${IDEMPOTENCY_KEY_MAX}}$`);

export const IDEMPOTENCY_KEY_DESCRIPTION =
  `Optional. A key the client makes for this create (a UUID serves), 1 to ${IDEMPOTENCY_KEY_MAX} letters, digits, dots, colons, ` +
  'underscores or hyphens. Sent again with the same request it answers the record the first one made (201, as that record ' +
  'is now) instead of creating another; with a different request it is a 422. Keys are per user.';

/** The header as the OpenAPI document states it, on each create that takes it (`@ApiHeader(IDEMPOTENCY_KEY_DOC)`). */
export const IDEMPOTENCY_KEY_DOC = {
  name: IDEMPOTENCY_KEY_HEADER,
  required: false,
  description: IDEMPOTENCY_KEY_DESCRIPTION,
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX, pattern: '^[A-Za-z0-9._:-]+$' },
} as const;

/** The header's value: undefined when absent; one that is not a key is a 400 naming the header. */
export function parseIdempotencyKey(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY.test(value)) {
    throw badField(
      IDEMPOTENCY_KEY_HEADER,
      `${IDEMPOTENCY_KEY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX} letters, digits, dots, colons, underscores or hyphens`,
    );
  }
  return value;
}

/** `@IdempotencyKey() key: string | undefined`: the create's `Idempotency-Key` header, checked. */
export const IdempotencyKey = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined => {
  const request = context.switchToHttp().getRequest<{ headers: Record<string, string | string[] | undefined> }>();
  return parseIdempotencyKey(request.headers['idempotency-key']);
});
