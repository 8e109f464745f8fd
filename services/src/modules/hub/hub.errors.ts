import type { FieldError } from '@pnss/libs/api';
import { AppError } from '../../common/errors/app-error.js';
import { errorFactory } from '../../common/errors/error-table.js';

export enum HubErrorCode {
  NotEnabled = 'HUB_NOT_ENABLED',
  CredentialsMissing = 'CREDENTIALS_MISSING',
  KeyRefused = 'KEY_REFUSED',
  PackageInvalid = 'PACKAGE_INVALID',
  PackageTooLarge = 'PACKAGE_TOO_LARGE',
  PackageInProgress = 'PACKAGE_IN_PROGRESS',
  VersionConflict = 'VERSION_CONFLICT',
  KeyNotFound = 'KEY_NOT_FOUND',
  PackageNotFound = 'PACKAGE_NOT_FOUND',
}

/**
 * Every refusal of the society's hub, worded for the department's census officer who reads it back.
 * The context is the failing files and fields (PackageInvalid, VersionConflict).
 */
export const hubError = errorFactory<HubErrorCode, FieldError[]>(
  {
    [HubErrorCode.NotEnabled]: { status: 404, message: 'This server is not the society hub (HUB_ENABLED is not set)' },
    [HubErrorCode.CredentialsMissing]: {
      status: 401,
      message: 'A department id (X-Department-Id) and an API key (X-Api-Key) are required',
    },
    [HubErrorCode.KeyRefused]: {
      status: 401,
      message: 'The API key is not valid for this department: it is unknown, revoked, or issued to another department',
    },
    [HubErrorCode.PackageInvalid]: (errors) =>
      new AppError(422, `The package was refused: ${errors.map((e) => `${e.field}: ${e.message}`).slice(0, 3).join('; ')}`, errors),
    [HubErrorCode.PackageTooLarge]: (errors) =>
      new AppError(413, `The package was refused: ${errors.map((e) => `${e.field}: ${e.message}`).slice(0, 3).join('; ')}`, errors),
    [HubErrorCode.PackageInProgress]: {
      status: 409,
      message: 'This submission id and version are being received from another upload just now; try again in a few minutes',
    },
    [HubErrorCode.VersionConflict]: (errors) =>
      new AppError(409, 'This submission id and version were already received with different content; rebuild to make a new version', errors),
    [HubErrorCode.KeyNotFound]: { status: 404, message: 'API key not found' },
    [HubErrorCode.PackageNotFound]: { status: 404, message: 'Received package not found' },
  },
  [],
);
