import type { CodeTable } from './code-table.js';

/**
 * SPEC.md §3 birth outcome (infant status). Statuses 2 to 6 count as mortality; the spec names
 * five outcomes, so 6 is the stillbirth whose timing is unknown (WHO ICD-PM keeps that group).
 */
export const INFANT_STATUS = {
  LIVEBIRTH: 1,
  EARLY_NEONATAL_DEATH: 2,
  LATE_NEONATAL_DEATH: 3,
  STILLBIRTH_ANTEPARTAL: 4,
  STILLBIRTH_INTRAPARTAL: 5,
  STILLBIRTH_UNKNOWN: 6,
} as const;

export const INFANT_STATUSES: CodeTable = [
  { id: 1, label: 'Livebirth' },
  { id: 2, label: 'Early neonatal death (under 7 days)' },
  { id: 3, label: 'Late neonatal death (7 or more days)' },
  { id: 4, label: 'Stillbirth, antepartal' },
  { id: 5, label: 'Stillbirth, intrapartal' },
  { id: 6, label: 'Stillbirth, timing unknown' },
];

/** SPEC.md §3, §9: statuses 2 to 6 count as mortality. */
export function isMortalityStatus(status: unknown): boolean {
  return typeof status === 'number' && Number.isInteger(status) && status >= 2 && status <= 6;
}

/** SPEC.md §3: birth trauma, 8 options ending in None. */
export const BIRTH_TRAUMAS: CodeTable = [
  { id: 1, label: 'Cephalhematoma' },
  { id: 2, label: 'Subgaleal hemorrhage' },
  { id: 3, label: 'Clavicular fracture' },
  { id: 4, label: 'Brachial plexus injury' },
  { id: 5, label: 'Facial nerve palsy' },
  { id: 6, label: 'Skull fracture' },
  { id: 7, label: 'Soft tissue injury or laceration' },
  { id: 8, label: 'None' },
];

/** Apgar scores run 0 to 10. */
export const APGAR_MIN = 0;
export const APGAR_MAX = 10;
