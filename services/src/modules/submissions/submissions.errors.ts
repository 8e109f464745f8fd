import { MESSAGES } from '@pnss/libs/validation';
import { AppError } from '../../common/errors/app-error.js';
import { errorFactory } from '../../common/errors/error-table.js';

export enum SubmissionsErrorCode {
  NoSelectedCases = 'NO_SELECTED_CASES',
  StillProcessing = 'STILL_PROCESSING',
  CaseNotFound = 'CASE_NOT_FOUND',
  CaseNotPackageable = 'CASE_NOT_PACKAGEABLE',
  CaseNotApproved = 'CASE_NOT_APPROVED',
  PackageNotFound = 'PACKAGE_NOT_FOUND',
  FileNameMismatch = 'FILE_NAME_MISMATCH',
  PackageBusy = 'PACKAGE_BUSY',
  AlreadySending = 'ALREADY_SENDING',
  SocietyNotConfigured = 'SOCIETY_NOT_CONFIGURED',
  SocietyRefused = 'SOCIETY_REFUSED',
  TicketInvalid = 'TICKET_INVALID',
  FileMissing = 'FILE_MISSING',
  AmendmentOpen = 'AMENDMENT_OPEN',
  VersionNotFound = 'VERSION_NOT_FOUND',
}

export interface SubmissionsErrorContext {
  /** The case numbers a refusal is about. */
  cases?: Array<{ id: string; caseNum: string; reason: string }>;
  message?: string;
}

/** Cases that cannot go into a package: one sentence, and one field error, per case. */
const casesRefused = ({ cases = [] }: SubmissionsErrorContext) =>
  new AppError(
    409,
    cases.map((c) => `Case ${c.caseNum} ${c.reason}`).join('. '),
    cases.map((c) => ({ field: 'selectedCases', message: `Case ${c.caseNum} ${c.reason}` })),
  );

/** Every refusal of the Submissions feature (SPEC.md §4, §8), worded for the census officer. */
export const submissionsError = errorFactory<SubmissionsErrorCode, SubmissionsErrorContext>(
  {
    [SubmissionsErrorCode.NoSelectedCases]: { status: 400, message: MESSAGES.noSelectedCases, field: 'selectedCases' },
    [SubmissionsErrorCode.StillProcessing]: { status: 409, message: MESSAGES.stillProcessingPackage },
    [SubmissionsErrorCode.CaseNotFound]: ({ cases = [] }) =>
      new AppError(404, `Case not found: ${cases.map((c) => c.id).join(', ')}`),
    [SubmissionsErrorCode.CaseNotPackageable]: casesRefused,
    [SubmissionsErrorCode.CaseNotApproved]: casesRefused,
    [SubmissionsErrorCode.PackageNotFound]: { status: 404, message: 'Census package not found' },
    [SubmissionsErrorCode.FileNameMismatch]: { status: 400, message: 'filename is not the file of this package', field: 'filename' },
    [SubmissionsErrorCode.PackageBusy]: ({ message }) =>
      new AppError(409, message ?? 'This package is being built or sent; wait until it is done.'),
    [SubmissionsErrorCode.AlreadySending]: { status: 409, message: 'This package is already being sent to the society.' },
    [SubmissionsErrorCode.SocietyNotConfigured]: {
      status: 409,
      message: 'No society endpoint is configured: set SOCIETY_URL, DEPARTMENT_ID and SOCIETY_API_KEY to submit packages.',
    },
    [SubmissionsErrorCode.SocietyRefused]: ({ message }) => new AppError(502, message ?? 'The society did not accept the package.'),
    [SubmissionsErrorCode.AmendmentOpen]: ({ message }) => new AppError(409, message ?? 'A case of this package is being amended.'),
    [SubmissionsErrorCode.VersionNotFound]: { status: 404, message: 'This package has no such version', field: 'version' },
    [SubmissionsErrorCode.TicketInvalid]: {
      status: 403,
      message: 'This download link is not valid, was already used, or has expired. Download again from the Census Packages tab.',
    },
    [SubmissionsErrorCode.FileMissing]: { status: 410, message: 'The package file is missing on the server; rebuild the package.' },
  },
  {},
);
