import type { LookupEntry } from '@pnss/libs/lookups';

/** An answer that says "nothing of the kind" ('None', 'None / No pregnancy morbidity'). */
export function isNoneLabel(label: string): boolean {
  return /^none\b/i.test(label.trim());
}

/**
 * The 'None' answer first, the rest in their order (issue 14: the answer for an uncomplicated
 * delivery was item 90 at the bottom of the picker).
 */
export function noneFirst<T>(items: readonly T[], label: (item: T) => string): T[] {
  return [...items.filter((item) => isNoneLabel(label(item))), ...items.filter((item) => !isNoneLabel(label(item)))];
}

export interface NoneEntry {
  categoryId: number;
  conditionId: number;
  /** 'None / No pregnancy morbidity': the category and its one condition, as the picker shows them. */
  label: string;
}

/** The entry of a reference list that records "none", when the list has one. */
export function noneEntryOf(list: readonly LookupEntry[]): NoneEntry | null {
  for (const category of list) {
    if (!isNoneLabel(category.name)) continue;
    const condition = (category.conditions ?? []).find((c) => !c.hidden);
    if (condition) return { categoryId: category.id, conditionId: condition.id, label: `${category.name} / ${condition.name}` };
  }
  return null;
}
