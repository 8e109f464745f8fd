import type { CodeTable } from './code-table.js';

/** SPEC.md §3 AOG types: 1 Exact, 2 Estimated. */
export const AOG_TYPE = { EXACT: 1, ESTIMATED: 2 } as const;
export const AOG_TYPES: CodeTable = [
  { id: 1, label: 'Exact' },
  { id: 2, label: 'Estimated' },
];

/** SPEC.md §3 AOG ranges by weeks, the same seven groups as §5 "Gestational age group from weeks". */
export const AOG_RANGES: CodeTable = [
  { id: 1, label: '<=12 weeks' },
  { id: 2, label: '13-20 weeks' },
  { id: 3, label: '21-27 weeks' },
  { id: 4, label: '28-32 weeks' },
  { id: 5, label: '33-36 weeks' },
  { id: 6, label: '37-41 weeks' },
  { id: 7, label: '>=42 weeks' },
];

/** SPEC.md §9: AOG weeks 0-52, days 0-6. */
export const AOG_WEEKS_MIN = 0;
export const AOG_WEEKS_MAX = 52;
export const AOG_DAYS_MIN = 0;
export const AOG_DAYS_MAX = 6;
