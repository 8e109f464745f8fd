import type { CaseForm, FieldError } from '@pnss/libs/api';
import { MESSAGES } from '@pnss/libs/validation';
import { AppError } from '../../common/errors/app-error.js';
import { errorFactory } from '../../common/errors/error-table.js';

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
  WarningsNotConfirmed = 'WARNINGS_NOT_CONFIRMED',
  LifecycleRefused = 'LIFECYCLE_REFUSED',
}

export const CASE_CHANGED_MESSAGE =
  'This case was changed by someone else since you opened it. Review their changes before saving.';

export interface CasesErrorContext {
  /** CaseChanged: the newer case, so the client can show it instead of losing it. */
  current?: CaseForm;
  /** CloseCheckFailed, WarningsNotConfirmed: each field with its label, section and message. */
  errors?: FieldError[];
  /** LifecycleRefused: the words of the libs lifecycle rule (caseActionRefusal) that refuses the action. */
  message?: string;
}

/** Every refusal of the case lifecycle (SPEC.md §4), worded for the clinician who sees it. */
export const casesError = errorFactory<CasesErrorCode, CasesErrorContext>(
  {
    [CasesErrorCode.CaseNotFound]: { status: 404, message: 'Case not found' },
    [CasesErrorCode.CaseNumberTaken]: { status: 409, message: 'Case number already exists', field: 'caseNum' },
    [CasesErrorCode.CaseChanged]: ({ current }) => new AppError(409, CASE_CHANGED_MESSAGE, undefined, undefined, { current }),
    [CasesErrorCode.CaseClosed]: { status: 409, message: 'This case is closed and can no longer be edited. Reopen it to make changes.' },
    [CasesErrorCode.CloseCheckFailed]: ({ errors }) => new AppError(422, MESSAGES.closeCaseAlert, errors ?? []),
    [CasesErrorCode.AlreadyClosed]: { status: 409, message: 'This case is already closed.' },
    [CasesErrorCode.CloseArchived]: { status: 409, message: 'This case is archived. Unarchive it before closing it.' },
    [CasesErrorCode.AlreadyOpen]: { status: 409, message: 'This case is already open: only a closed case can be reopened.' },
    [CasesErrorCode.ReopenSubmitted]: {
      status: 409,
      message: 'This case has been submitted in a census package and can no longer be reopened.',
    },
    [CasesErrorCode.ArchiveClosed]: { status: 409, message: 'A closed case cannot be archived. Reopen it first.' },
    [CasesErrorCode.AlreadyArchived]: { status: 409, message: 'This case is already archived.' },
    [CasesErrorCode.NotArchived]: { status: 409, message: 'This case is not archived.' },
    [CasesErrorCode.LifecycleRefused]: ({ message }) => new AppError(409, message ?? 'The case lifecycle does not allow this action in the case\'s state.'),
    [CasesErrorCode.WarningsNotConfirmed]: ({ errors = [] }) =>
      new AppError(400, `Please confirm these unusual values before saving: ${errors.map((e) => e.message).join('. ')}`, errors),
  },
  {},
);
