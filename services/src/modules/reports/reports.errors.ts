import { reportCategories } from '@pnss/libs/reports';
import { AppError } from '../../common/errors/app-error.js';
import { errorFactory } from '../../common/errors/error-table.js';

export enum ReportsErrorCode {
  UnknownCategory = 'UNKNOWN_CATEGORY',
  NoCrossSegments = 'NO_CROSS_SEGMENTS',
  UnknownView = 'UNKNOWN_VIEW',
  UnknownFormat = 'UNKNOWN_FORMAT',
}

/** SPEC.md §7: a missing cross-segment result is 'No crosssegments'. */
export const NO_CROSS_SEGMENTS = 'No crosssegments';

export interface ReportsErrorContext {
  field: string;
  value: string;
}

const categoryNames = () => reportCategories().map((c) => c.name).join(', ');

/** The value as the answer quotes it: cut short, so a long query string is not echoed back whole. */
const quoted = (context: ReportsErrorContext) => context.value.slice(0, 60);

/** A 400 whose one field error says the same as its message. */
const badField = (context: ReportsErrorContext, message: string) =>
  new AppError(400, message, [{ field: context.field, message }]);

const reportsErrorOf = errorFactory<ReportsErrorCode, ReportsErrorContext>(
  {
    [ReportsErrorCode.UnknownCategory]: (context) =>
      badField(context, `Unknown report category '${quoted(context)}': use one of ${categoryNames()}`),
    [ReportsErrorCode.NoCrossSegments]: (context) =>
      new AppError(400, NO_CROSS_SEGMENTS, [
        {
          field: context.field,
          message: `${NO_CROSS_SEGMENTS}: '${quoted(context)}' is not a report category; use one of ${categoryNames()}, or leave cross out for N/A`,
        },
      ]),
    [ReportsErrorCode.UnknownView]: (context) =>
      badField(context, `Unknown report '${quoted(context)}': use obreport or maternalMortality`),
    [ReportsErrorCode.UnknownFormat]: (context) => badField(context, `Unknown export format '${quoted(context)}': use csv or xlsx`),
  },
  { field: '', value: '' },
);

/** Bad report input, in words: a 400 naming the field and what it accepts. Every code needs its field and value. */
export const reportsError: (code: ReportsErrorCode, context: ReportsErrorContext) => AppError = reportsErrorOf;
