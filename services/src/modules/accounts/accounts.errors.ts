import { ACCOUNT_MESSAGES } from '@pnss/libs/validation';
import { AppError, assertNever } from '../../common/errors/app-error.js';

export enum AccountsErrorCode {
  InvalidCredentials = 'INVALID_CREDENTIALS',
  AccountDeactivated = 'ACCOUNT_DEACTIVATED',
  TooManySignInAttempts = 'TOO_MANY_SIGN_IN_ATTEMPTS',
  UsernameTaken = 'USERNAME_TAKEN',
  UserNotFound = 'USER_NOT_FOUND',
}

export interface AccountsErrorParams {
  /** Minutes until sign-in is allowed again (TooManySignInAttempts). */
  minutes?: number;
}

export function accountsError(code: AccountsErrorCode, params: AccountsErrorParams = {}): AppError {
  switch (code) {
    case AccountsErrorCode.InvalidCredentials:
      // The same words for an unknown user and a wrong password, so neither reveals which names exist.
      return new AppError(401, 'Invalid username or password');
    case AccountsErrorCode.AccountDeactivated:
      return new AppError(401, 'This account has been deactivated');
    case AccountsErrorCode.TooManySignInAttempts: {
      const minutes = Math.max(1, params.minutes ?? 1);
      return new AppError(
        429,
        `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
        undefined,
        { 'Retry-After': String(minutes * 60) },
      );
    }
    case AccountsErrorCode.UsernameTaken:
      return new AppError(409, ACCOUNT_MESSAGES.usernameTaken, [{ field: 'username', message: ACCOUNT_MESSAGES.usernameTaken }]);
    case AccountsErrorCode.UserNotFound:
      return new AppError(404, 'User not found');
    default:
      return assertNever(code);
  }
}
