/** The History screen's route (issues 30, 31): beside its case form's, under the module's /patients prefix. Its paths are @pnss/web's casePaths.caseHistory. */
export const CASE_HISTORY_ROUTE = '/patients/:patientid/case/:caseid/history';
