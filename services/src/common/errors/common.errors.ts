import { ERROR_MESSAGE_MAX, type FieldError } from '@pnss/libs/api';
import { AppError } from './app-error.js';
import { errorFactory } from './error-table.js';

export enum CommonErrorCode {
  ValidationFailed = 'VALIDATION_FAILED',
  AuthenticationRequired = 'AUTHENTICATION_REQUIRED',
  SessionExpired = 'SESSION_EXPIRED',
  PermissionDenied = 'PERMISSION_DENIED',
  NotFound = 'NOT_FOUND',
  Internal = 'INTERNAL',
  DatabaseUnavailable = 'DATABASE_UNAVAILABLE',
}

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database cannot be reached just now. Please try again in a moment.';

/** Errors every module can raise. A 400 always names each bad field in `errors`. */
export const commonError = errorFactory<CommonErrorCode, FieldError[] | undefined>(
  {
    [CommonErrorCode.ValidationFailed]: (errors = []) => new AppError(400, validationMessage(errors), errors),
    [CommonErrorCode.AuthenticationRequired]: { status: 401, message: 'Please sign in to continue' },
    [CommonErrorCode.SessionExpired]: { status: 401, message: 'Your session has ended. Please sign in again.' },
    [CommonErrorCode.PermissionDenied]: { status: 403, message: 'You do not have permission to do this' },
    [CommonErrorCode.NotFound]: { status: 404, message: 'Not found' },
    [CommonErrorCode.Internal]: { status: 500, message: INTERNAL_ERROR_MESSAGE },
    [CommonErrorCode.DatabaseUnavailable]: () => new AppError(503, DATABASE_UNAVAILABLE_MESSAGE, undefined, { 'Retry-After': '5' }),
  },
  undefined,
);

/**
 * `'Password must be ...'` for one field; every message in turn for several, as many whole messages
 * as fit ERROR_MESSAGE_MAX and then how many more the `errors` list names.
 */
export function validationMessage(errors: FieldError[]): string {
  if (errors.length === 0) return 'The request is not valid';
  const whole = errors.map((e) => e.message).join('. ');
  if (whole.length <= ERROR_MESSAGE_MAX) return whole;
  const more = (n: number) => `. And ${n} more: see the list of fields`;
  let text = '';
  let shown = 0;
  for (const error of errors) {
    const next = shown === 0 ? error.message : `${text}. ${error.message}`;
    if (next.length + more(errors.length - shown - 1).length > ERROR_MESSAGE_MAX) break;
    text = next;
    shown += 1;
  }
  return shown === 0 ? `${errors.length} fields are not valid: see the list of fields` : `${text}${more(errors.length - shown)}`;
}

/** A 400 naming one field: `badField('password', 'Password must be at least 12 characters long')`. */
export function badField(field: string, message: string): AppError {
  return commonError(CommonErrorCode.ValidationFailed, [{ field, message }]);
}
