import { type PatientReadAudit, ROUTE_PERMISSIONS, type RouteAccess } from '@pnss/libs/permissions';

/**
 * The routes that answer patient data, by Fastify route pattern, as libs' route table states them
 * (`audit` of ROUTE_PERMISSIONS): the lists and searches, a patient, a patient's cases, a case form,
 * its history, the case information, the duplicate check and the submissions' review lists. The
 * counts are totals, not anyone's data, and are not recorded.
 */
export const PATIENT_DATA_READS: Readonly<Record<string, PatientReadAudit>> = Object.fromEntries(
  Object.entries(ROUTE_PERMISSIONS as Record<string, RouteAccess>)
    .filter(([key, access]) => key.startsWith('GET ') && access.kind === 'permissions' && access.audit)
    .map(([key, access]) => [`/api${key.slice('GET '.length)}`, (access as { audit: PatientReadAudit }).audit]),
);
