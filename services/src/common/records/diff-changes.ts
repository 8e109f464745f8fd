import { AUDIT_CHANGED_MARKER, AUDIT_REMOVED_MARKER } from '@pnss/libs/api';
import type { AuditChange } from '../../database/schema.js';

export interface DiffOptions {
  /** Fields left out of the audit entirely (timestamps, internal columns). */
  omit?: readonly string[];
  /**
   * Fields whose values never enter the log (passwords, hashes, photos): a change is recorded
   * as `{ field, old: null, new: '[changed]' }`, or `'[removed]'` when the new value is empty.
   */
  redact?: readonly string[];
}

/**
 * The fields that differ between two versions of a record, with old and new values, for the
 * audit log. Only keys present in `after` are compared, so a partial update lists what it changed.
 * Pass `before = null` for a creation: every field of `after` is listed with `old: null`.
 */
export function diffChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  options: DiffOptions = {},
): AuditChange[] {
  const omit = new Set(options.omit ?? []);
  const redact = new Set(options.redact ?? []);
  const changes: AuditChange[] = [];
  for (const field of Object.keys(after)) {
    if (omit.has(field)) continue;
    const oldValue = before ? normalize(before[field]) : null;
    const newValue = normalize(after[field]);
    if (before && sameValue(oldValue, newValue)) continue;
    if (!before && newValue === null) continue;
    if (redact.has(field)) {
      changes.push({ field, old: null, new: newValue === null ? AUDIT_REMOVED_MARKER : AUDIT_CHANGED_MARKER });
    } else {
      changes.push({ field, old: oldValue, new: newValue });
    }
  }
  return changes;
}

/** Dates as ISO strings and undefined as null, so values compare and store as JSON does. */
function normalize(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** Equal values: primitives by ===, objects and lists by their canonical JSON (a case form's hundred fields are mostly primitives). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => x.localeCompare(y)))
      : v,
  );
}
