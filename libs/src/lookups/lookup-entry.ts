/**
 * One entry of a reference list (SPEC.md §3 "Lookup entries"). Top-level entries are
 * categories; their `conditions` are what a case stores (`conditionId`, `categoryId`).
 * Maternal death causes nest one level deeper (group, subgroup, cause).
 */
export interface LookupEntry {
  id: number;
  name: string;
  /** Phased out: still decodes for old cases, shown disabled and marked '(PHASED OUT)'. */
  hidden?: boolean;
  /** Asks for free text when chosen, e.g. 'Specify histopath diagnosis' for 999999. */
  prompt?: string;
  conditions?: LookupEntry[];
}

/** SPEC.md §3, §9: condition id 999999 is Others; ids from 1000000 up are newer additions. */
export const OTHERS_CONDITION_ID = 999999;
export const PHASED_OUT_SUFFIX = '(PHASED OUT)';
export const MISSING_LABEL = 'N/A!';
