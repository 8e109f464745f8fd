import type { CodeTable } from './code-table.js';

/** SPEC.md §3 Boolean: YES or NO. A stored true decodes as 1, false as 0. */
export const BOOLEAN_CHOICES: CodeTable = [
  { id: 1, label: 'YES' },
  { id: 0, label: 'NO' },
];

/** SPEC.md §3 Presence: WITH or WITHOUT (e.g. anomalies). */
export const PRESENCE_CHOICES: CodeTable = [
  { id: 1, label: 'WITH' },
  { id: 0, label: 'WITHOUT' },
];

/** SPEC.md §3 free-text 'other' codes: choosing these asks for the field's Others text. */
export const OTHER_CODES = {
  gtdComplication: 8,
  surgicalIntervention: 6,
  immediateCause: 8,
} as const;
