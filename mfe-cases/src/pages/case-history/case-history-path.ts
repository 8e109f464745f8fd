/** The History screen of a case (issues 30, 31): beside its case form's route, under the module's /patients prefix. */
export const CASE_HISTORY_ROUTE = '/patients/:patientid/case/:caseid/history';

/** `#/patients/:patientid/case/:caseid/history`, its parameters encoded. */
export function caseHistoryPath(patientid: string, caseid: string): string {
  return `/patients/${encodeURIComponent(patientid)}/case/${encodeURIComponent(caseid)}/history`;
}

/** The case form the History screen goes back to. */
export function caseFormPath(patientid: string, caseid: string): string {
  return `/patients/${encodeURIComponent(patientid)}/case/${encodeURIComponent(caseid)}`;
}
