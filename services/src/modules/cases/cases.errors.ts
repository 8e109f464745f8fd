import type { CaseForm, FieldError } from '@pnss/libs/api';
import { MESSAGES } from '@pnss/libs/validation';
import { AppError, assertNever } from '../../common/errors/app-error.js';

export enum CasesErrorCode {
  CaseNotFound = 'CASE_NOT_FOUND',
  CaseNumberTaken = 'CASE_NUMBER_TAKEN',
  CaseChanged = 'CASE_CHANGED',
  CaseClosed = 'CASE_CLOSED',
  CloseCheckFailed = 'CLOSE_CHECK_FAILED',
  AlreadyClosed = 'ALREADY_CLOSED',
  CloseArchived = 'CLOSE_ARCHIVED',
  AlreadyOpen = 'ALREADY_OPEN',
  ReopenSubmitted = 'REOPEN_SUBMITTED',
  ArchiveClosed = 'ARCHIVE_CLOSED',
  AlreadyArchived = 'ALREADY_ARCHIVED',
  NotArchived = 'NOT_ARCHIVED',
}

export const CASE_CHANGED_MESSAGE =
  'This case was changed by someone else since you opened it. Review their changes before saving.';

export interface CasesErrorContext {
  /** CaseChanged: the newer case, so the client can show it instead of losing it. */
  current?: CaseForm;
  /** CloseCheckFailed: each failing field with its label, section and message. */
  errors?: FieldError[];
}

/** Every refusal of the case lifecycle (SPEC.md §4), worded for the clinician who sees it. */
export function casesError(code: CasesErrorCode, context: CasesErrorContext = {}): AppError {
  switch (code) {
    case CasesErrorCode.CaseNotFound:
      return new AppError(404, 'Case not found');
    case CasesErrorCode.CaseNumberTaken:
      return new AppError(409, 'Case number already exists', [{ field: 'caseNum', message: 'Case number already exists' }]);
    case CasesErrorCode.CaseChanged:
      return new AppError(409, CASE_CHANGED_MESSAGE, undefined, undefined, { current: context.current });
    case CasesErrorCode.CaseClosed:
      return new AppError(409, 'This case is closed and can no longer be edited. Reopen it to make changes.');
    case CasesErrorCode.CloseCheckFailed:
      return new AppError(422, MESSAGES.closeCaseAlert, context.errors ?? []);
    case CasesErrorCode.AlreadyClosed:
      return new AppError(409, 'This case is already closed.');
    case CasesErrorCode.CloseArchived:
      return new AppError(409, 'This case is archived. Unarchive it before closing it.');
    case CasesErrorCode.AlreadyOpen:
      return new AppError(409, 'This case is already open: only a closed case can be reopened.');
    case CasesErrorCode.ReopenSubmitted:
      return new AppError(
        409,
        'This case has been submitted in a census package and can no longer be reopened.',
      );
    case CasesErrorCode.ArchiveClosed:
      return new AppError(409, 'A closed case cannot be archived. Reopen it first.');
    case CasesErrorCode.AlreadyArchived:
      return new AppError(409, 'This case is already archived.');
    case CasesErrorCode.NotArchived:
      return new AppError(409, 'This case is not archived.');
    default:
      return assertNever(code);
  }
}
