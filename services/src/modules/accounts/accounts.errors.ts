import { USER_CHANGE_MESSAGES } from '@pnss/libs/rules';
import { ACCOUNT_MESSAGES } from '@pnss/libs/validation';
import { AppError } from '../../common/errors/app-error.js';
import { errorFactory } from '../../common/errors/error-table.js';

export enum AccountsErrorCode {
  InvalidCredentials = 'INVALID_CREDENTIALS',
  AccountDeactivated = 'ACCOUNT_DEACTIVATED',
  TooManySignInAttempts = 'TOO_MANY_SIGN_IN_ATTEMPTS',
  PasswordChecksBusy = 'PASSWORD_CHECKS_BUSY',
  UsernameTaken = 'USERNAME_TAKEN',
  UserNotFound = 'USER_NOT_FOUND',
  OwnRole = 'OWN_ROLE',
  RoleBeyondOwn = 'ROLE_BEYOND_OWN',
  UserBeyondOwn = 'USER_BEYOND_OWN',
}

export interface AccountsErrorParams {
  /** Seconds until sign-in is allowed again (TooManySignInAttempts); said in minutes from a minute on. */
  seconds?: number;
}

export const accountsError = errorFactory<AccountsErrorCode, AccountsErrorParams>(
  {
    // The same words for an unknown user and a wrong password, so neither reveals which names exist.
    [AccountsErrorCode.InvalidCredentials]: { status: 401, message: 'Invalid username or password' },
    [AccountsErrorCode.AccountDeactivated]: { status: 401, message: 'This account has been deactivated' },
    [AccountsErrorCode.TooManySignInAttempts]: (params) => {
      const seconds = Math.max(1, Math.ceil(params.seconds ?? 60));
      const minutes = Math.ceil(seconds / 60);
      const when = seconds < 60
        ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
        : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
      return new AppError(429, `Too many sign-in attempts. Try again in ${when}.`, undefined, {
        'Retry-After': String(seconds < 60 ? seconds : minutes * 60),
      });
    },
    // The password threads and their queue are full (a flood of sign-ins): refused at once, not queued.
    [AccountsErrorCode.PasswordChecksBusy]: () =>
      new AppError(503, 'Sign-in is busy just now. Please try again in a few seconds.', undefined, { 'Retry-After': '2' }),
    [AccountsErrorCode.UsernameTaken]: { status: 409, message: ACCOUNT_MESSAGES.usernameTaken, field: 'username' },
    [AccountsErrorCode.UserNotFound]: { status: 404, message: 'User not found' },
    [AccountsErrorCode.OwnRole]: { status: 403, message: 'You cannot change your own role' },
    [AccountsErrorCode.RoleBeyondOwn]: { status: 403, message: USER_CHANGE_MESSAGES.role_beyond_own },
    [AccountsErrorCode.UserBeyondOwn]: { status: 403, message: USER_CHANGE_MESSAGES.user_beyond_own },
  },
  {},
);
