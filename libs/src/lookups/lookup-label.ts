import { MISSING_LABEL, PHASED_OUT_SUFFIX, type LookupEntry } from './lookup-entry.js';

/** Depth-first search of a list and its nested conditions for an id. */
export function findLookupEntry(entries: readonly LookupEntry[], id: unknown): LookupEntry | undefined {
  const wanted = toId(id);
  if (wanted === undefined) return undefined;
  for (const entry of entries) {
    if (entry.id === wanted) return entry;
    if (entry.conditions) {
      const found = findLookupEntry(entry.conditions, wanted);
      if (found) return found;
    }
  }
  return undefined;
}

/** The entry that holds the condition with this id among its conditions, at any depth. */
export function findLookupParent(entries: readonly LookupEntry[], id: unknown): LookupEntry | undefined {
  const wanted = toId(id);
  if (wanted === undefined) return undefined;
  for (const entry of entries) {
    if (!entry.conditions) continue;
    if (entry.conditions.some((c) => c.id === wanted)) return entry;
    const found = findLookupParent(entry.conditions, wanted);
    if (found) return found;
  }
  return undefined;
}

/** The display label: SPEC.md §3, hidden entries marked '(PHASED OUT)', missing values 'N/A!'. */
export function lookupLabel(entries: readonly LookupEntry[], id: unknown): string {
  const entry = findLookupEntry(entries, id);
  if (!entry) return MISSING_LABEL;
  return entry.hidden ? `${entry.name} ${PHASED_OUT_SUFFIX}` : entry.name;
}

/** Every entry of a list, categories and conditions, flattened depth-first. */
export function flattenLookup(entries: readonly LookupEntry[]): LookupEntry[] {
  const out: LookupEntry[] = [];
  for (const entry of entries) {
    out.push(entry);
    if (entry.conditions) out.push(...flattenLookup(entry.conditions));
  }
  return out;
}

function toId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}
