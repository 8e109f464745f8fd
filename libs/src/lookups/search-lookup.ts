import type { LookupEntry } from './lookup-entry.js';

/**
 * SPEC.md §3: name search is case-insensitive by substring. A category whose own name matches
 * keeps all its conditions; otherwise it keeps only the conditions that match, and is dropped
 * when none do. An empty term returns the list unchanged.
 */
export function searchLookup(entries: readonly LookupEntry[], term: string | null | undefined): LookupEntry[] {
  const needle = (term ?? '').trim().toLowerCase();
  if (!needle) return [...entries];
  const result: LookupEntry[] = [];
  for (const entry of entries) {
    if (entry.name.toLowerCase().includes(needle)) {
      result.push(entry);
      continue;
    }
    if (entry.conditions) {
      const conditions = searchLookup(entry.conditions, needle);
      if (conditions.length > 0) result.push({ ...entry, conditions });
    }
  }
  return result;
}
