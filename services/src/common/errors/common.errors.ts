import type { FieldError } from '@pnss/libs/api';
import { AppError, assertNever } from './app-error.js';

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

/** Errors every module can raise. A 400 always names each bad field in `errors`. */
export function commonError(code: CommonErrorCode, errors?: FieldError[]): AppError {
  switch (code) {
    case CommonErrorCode.ValidationFailed:
      return new AppError(400, validationMessage(errors ?? []), errors ?? []);
    case CommonErrorCode.AuthenticationRequired:
      return new AppError(401, 'Please sign in to continue');
    case CommonErrorCode.SessionExpired:
      return new AppError(401, 'Your session has ended. Please sign in again.');
    case CommonErrorCode.PermissionDenied:
      return new AppError(403, 'You do not have permission to do this');
    case CommonErrorCode.NotFound:
      return new AppError(404, 'Not found');
    case CommonErrorCode.Internal:
      return new AppError(500, INTERNAL_ERROR_MESSAGE);
    case CommonErrorCode.DatabaseUnavailable:
      return new AppError(503, 'The database is not available');
    default:
      return assertNever(code);
  }
}

/** `'Password must be ...'` for one field; every message in turn for several. */
export function validationMessage(errors: FieldError[]): string {
  if (errors.length === 0) return 'The request is not valid';
  return errors.map((e) => e.message).join('. ');
}

/** A 400 naming one field: `badField('password', 'Password must be at least 12 characters long')`. */
export function badField(field: string, message: string): AppError {
  return commonError(CommonErrorCode.ValidationFailed, [{ field, message }]);
}
