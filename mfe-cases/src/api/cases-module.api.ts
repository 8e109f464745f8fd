import { api } from '@pnss/web';

/**
 * The platform's API base with this module's cache tags. Every endpoint of the module is injected
 * into it (patients.api.ts, cases.api.ts), so a change made on one screen refreshes the others:
 * - 'Patient' by patient id, and 'Patient' LIST for the patients list;
 * - 'Case' by case id, and 'Case' LIST for the cases list;
 * - 'PatientCases' by patient id for the preview's case cards.
 */
export const casesModuleApi = api.enhanceEndpoints({ addTagTypes: ['Patient', 'Case', 'PatientCases'] });

export const LIST_ID = 'LIST';

/** Tags a change to one case makes stale: the case, both lists, and its patient (open and admitted flags). */
export function caseChangeTags(patientid: string | null | undefined, caseid: string | null | undefined) {
  return [
    { type: 'Case' as const, id: LIST_ID },
    { type: 'Patient' as const, id: LIST_ID },
    ...(caseid ? [{ type: 'Case' as const, id: caseid }] : []),
    ...(patientid ? [{ type: 'Patient' as const, id: patientid }, { type: 'PatientCases' as const, id: patientid }] : []),
  ];
}
