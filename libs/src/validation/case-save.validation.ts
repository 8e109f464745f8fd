import type { FieldError } from '../api/common.js';
import type { CaseForm } from '../api/case-form.js';
import { isPostpartumVariant } from '../rules/case-visibility.rules.js';
import { validateDate } from './date.validation.js';
import { validateCaseSave } from './patient.validation.js';
import { plausibilityErrors } from './plausibility.js';
import { deliveryConsistencyErrors } from './delivery-consistency.validation.js';

/** The calendar dates of a case form, checked against the date bounds of SPEC.md §5 on every save. */
export const CASE_CALENDAR_FIELDS = ['admissionDate', 'dischargeDate', 'deliveryDate'] as const satisfies ReadonlyArray<keyof CaseForm>;

export interface CaseSaveOptions {
  /** Today as 'YYYY-MM-DD', injected (a rule never reads the clock). */
  today: string;
}

/**
 * The one save check of the case form, run by the form before it saves and by the server on every
 * save (SPEC.md §5, issue 14 item 5): 'Please enter the Case #', the date bounds (the postpartum
 * variant's delivery date is unbounded), the plausibility hard limits and the OB score consistency, and the
 * Robson answers' consistency with the rest of the delivery (deliveryConsistencyErrors).
 * Run it on the form as it would be stored (after `applyCaseChange`). Soft warnings are not here:
 * they ask for confirmation (`softWarnings`, `unconfirmedWarnings`).
 */
export function caseSaveErrors(form: CaseForm, options: CaseSaveOptions): FieldError[] {
  const errors: FieldError[] = validateCaseSave(form);
  for (const field of CASE_CALENDAR_FIELDS) {
    const bounded = field !== 'deliveryDate' || !isPostpartumVariant(form);
    const error = validateDate(field, form[field], { today: options.today, bounded });
    if (error) errors.push(error);
  }
  errors.push(...plausibilityErrors(form));
  errors.push(...deliveryConsistencyErrors(form));
  return errors;
}
