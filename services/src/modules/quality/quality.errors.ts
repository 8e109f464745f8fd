import { AppError } from '../../common/errors/app-error.js';
import { errorFactory } from '../../common/errors/error-table.js';

export enum QualityErrorCode {
  CaseNotFound = 'CASE_NOT_FOUND',
  QueryNotFound = 'QUERY_NOT_FOUND',
  QueryStepRefused = 'QUERY_STEP_REFUSED',
  RangeReversed = 'RANGE_REVERSED',
}

export interface QualityErrorContext {
  message?: string;
}

/** Every refusal of the data-quality feature (issue 31). */
export const qualityError = errorFactory<QualityErrorCode, QualityErrorContext>(
  {
    [QualityErrorCode.CaseNotFound]: { status: 404, message: 'Case not found' },
    [QualityErrorCode.QueryNotFound]: { status: 404, message: 'Query not found' },
    [QualityErrorCode.QueryStepRefused]: ({ message }) => new AppError(409, message ?? 'This query cannot take that step'),
    [QualityErrorCode.RangeReversed]: { status: 400, message: 'from must be on or before to', field: 'from' },
  },
  {},
);
