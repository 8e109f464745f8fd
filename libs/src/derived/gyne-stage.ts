import { GYNE_STAGE_DEFAULT_MALIGNANT, GYNE_STAGE_NOT_APPLICABLE, TUMOR_CLASS } from '../enums/gyne.enum.js';
import {
  IN_SITU_CONDITION_ID, MALIGNANT_CATEGORY_IDS, SPECIAL_CATEGORY_IDS,
} from '../lookups/lists/gyne-diagnosis.list.js';

/**
 * SPEC.md §3: gyne stage defaults to 1 for certain categories and 6 (N/A) for certain conditions.
 * The categories are the malignant ones (they are staged, starting at I); the conditions are the
 * in-situ one, which FIGO does not stage, and every non-malignant diagnosis.
 */
export function defaultGyneStage(categoryId: unknown, conditionId: unknown): number {
  if (conditionId === IN_SITU_CONDITION_ID) return GYNE_STAGE_NOT_APPLICABLE;
  if (typeof categoryId === 'number' && MALIGNANT_CATEGORY_IDS.includes(categoryId)) return GYNE_STAGE_DEFAULT_MALIGNANT;
  return GYNE_STAGE_NOT_APPLICABLE;
}

export function isMalignantCategory(categoryId: unknown): boolean {
  return typeof categoryId === 'number' && MALIGNANT_CATEGORY_IDS.includes(categoryId);
}

/** SPEC.md §3 tumor class of a diagnosis category: Malignant, Special (premalignant, borderline, mole) or Benign. */
export function tumorClassOfCategory(categoryId: unknown): number | null {
  if (typeof categoryId !== 'number') return null;
  if (MALIGNANT_CATEGORY_IDS.includes(categoryId)) return TUMOR_CLASS.MALIGNANT;
  if (SPECIAL_CATEGORY_IDS.includes(categoryId)) return TUMOR_CLASS.SPECIAL;
  return TUMOR_CLASS.BENIGN;
}
