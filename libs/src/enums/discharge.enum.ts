import type { CodeTable } from './code-table.js';

/** SPEC.md §3 maternal outcome (motherCondition); 3 = death. */
export const MOTHER_CONDITION = { IMPROVED: 1, UNIMPROVED: 2, DIED: 3 } as const;
export const MOTHER_CONDITIONS: CodeTable = [
  { id: 1, label: 'Improved' },
  { id: 2, label: 'Unimproved' },
  { id: 3, label: 'Died' },
];

/** SPEC.md §3 timing (deathTiming, complicationOnset). */
export const TIMINGS: CodeTable = [
  { id: 1, label: 'Antepartal' },
  { id: 2, label: 'Intrapartal' },
  { id: 3, label: 'Postpartal' },
  { id: 4, label: 'Puerperal' },
  { id: 5, label: 'N/A' },
];

/** SPEC.md §3 death timing trimester (deathTimingComplication). */
export const DEATH_TRIMESTERS: CodeTable = [
  { id: 1, label: 'First trimester' },
  { id: 2, label: 'Second trimester' },
  { id: 3, label: 'Third trimester' },
];

/** SPEC.md §3 causes of death (immediateCause); 8 Others with immediateCauseOthers. */
export const CAUSES_OF_DEATH: CodeTable = [
  { id: 1, label: 'Shock' },
  { id: 2, label: 'Congestive heart failure' },
  { id: 3, label: 'Respiratory failure' },
  { id: 4, label: 'Hepatic failure' },
  { id: 5, label: 'DIC' },
  { id: 6, label: 'Intracranial bleeding' },
  { id: 7, label: 'Multiorgan failure' },
  { id: 8, label: 'Others' },
];
