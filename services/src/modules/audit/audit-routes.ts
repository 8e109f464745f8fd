import { PATIENT_DATA_READ_ROUTES, type PatientReadAudit } from '@pnss/libs/permissions';

/**
 * The routes that answer patient data, by Fastify route pattern (under /api), as libs' route table
 * states them (PATIENT_DATA_READ_ROUTES): the lists and searches, a patient, a patient's cases, a case
 * form, its history, the case information, the duplicate check and the submissions' review lists. The
 * counts are totals, not anyone's data, and are not recorded.
 */
export const PATIENT_DATA_READS: Readonly<Record<string, PatientReadAudit>> = Object.fromEntries(
  Object.entries(PATIENT_DATA_READ_ROUTES).map(([path, audit]) => [`/api${path}`, audit]),
);
