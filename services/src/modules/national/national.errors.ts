import type { FieldError } from '@pnss/libs/api';
import { AppError } from '../../common/errors/app-error.js';
import { errorFactory } from '../../common/errors/error-table.js';

export enum NationalErrorCode {
  NotEnabled = 'NATIONAL_NOT_ENABLED',
  PackageNotFound = 'NATIONAL_PACKAGE_NOT_FOUND',
  NotRetryable = 'NATIONAL_NOT_RETRYABLE',
  CredentialsMissing = 'CREDENTIALS_MISSING',
  KeyRefused = 'KEY_REFUSED',
}

/** The refusals of the national census routes (issue 29). */
export const nationalError = errorFactory<NationalErrorCode, FieldError[]>(
  {
    [NationalErrorCode.NotEnabled]: { status: 404, message: 'This server is not the society hub (HUB_ENABLED is not set): it holds no national figures' },
    [NationalErrorCode.PackageNotFound]: { status: 404, message: 'No received package has this id' },
    [NationalErrorCode.CredentialsMissing]: { status: 401, message: 'A department id (X-Department-Id) and an API key (X-Api-Key) are required' },
    [NationalErrorCode.KeyRefused]: {
      status: 401,
      message: 'The API key is not valid for this department: it is unknown, revoked, or issued to another department',
    },
    [NationalErrorCode.NotRetryable]: (errors) => new AppError(409, `The package cannot be queued again: ${errors.map((e) => e.message).join('; ')}`, errors),
  },
  [],
);
