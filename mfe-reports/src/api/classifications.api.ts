import { api } from '@pnss/web';
import type { RobsonReportAnswer } from '@pnss/libs/api';
import type { ReportRange } from '@pnss/libs/reports';
import { rangeParams } from './reports.api.js';

export const classificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/reports/robson?from&to: WHO's Robson table of the women who gave birth in the range. */
    getRobsonReport: build.query<RobsonReportAnswer, ReportRange>({
      query: (range) => ({ url: '/reports/robson', params: rangeParams(range) }),
    }),
  }),
});

export const { useGetRobsonReportQuery } = classificationsApi;
