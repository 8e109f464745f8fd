import type { FieldError } from '@pnss/libs/api';

/**
 * The one error type services throw. The global filter turns it into the envelope
 * `{ statusCode, message, errors? }`. Build it through a feature's `<feature>.errors.ts`
 * (an enum of codes and its table of answers, see error-table.ts), never with ad hoc messages in a service.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
    /** Extra fields of the answer's body, e.g. `current` (the newer record) of an edit conflict. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
