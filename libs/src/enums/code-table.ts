/** One row of a code table: the stored id and the label the form and the reports show. */
export interface CodeEntry {
  id: number;
  label: string;
}

export type CodeTable = readonly CodeEntry[];

/** SPEC.md §3: a missing lookup value displays 'N/A!'. */
export const NOT_AVAILABLE = 'N/A!';

/**
 * Turns a stored value into its label. Stored booleans decode through the YES/NO and WITH/WITHOUT
 * tables as 1 (true) and 0 (false); numeric strings decode like their number; anything missing or
 * unknown reads 'N/A!'.
 */
export function decode(table: CodeTable, value: unknown): string {
  const id = toCode(value);
  if (id === undefined) return NOT_AVAILABLE;
  return table.find((entry) => entry.id === id)?.label ?? NOT_AVAILABLE;
}

export function isCode(table: CodeTable, value: unknown): boolean {
  const id = toCode(value);
  return id !== undefined && table.some((entry) => entry.id === id);
}

function toCode(value: unknown): number | undefined {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}
