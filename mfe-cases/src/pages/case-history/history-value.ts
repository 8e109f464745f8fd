import type { CaseForm } from '@pnss/libs/api';
import { formatFieldValue } from '../case-form/conflict/field-value.js';

/**
 * A changed field's value as a clinician reads it: the case form's own words (code tables, lookups,
 * dates, YES/NO) through the conflict dialog's formatter, the history's state words as they are.
 */
export function historyValue(field: string, value: unknown): string {
  const text = formatFieldValue(field as keyof CaseForm, value);
  // A value the form does not know the shape of: its JSON, never '[object Object]'.
  return value !== null && typeof value === 'object' && text.includes('[object Object]') ? JSON.stringify(value) : text;
}
