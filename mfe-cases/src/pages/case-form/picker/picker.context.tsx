import { createContext, useContext } from 'react';
import {
  GYNE_DIAGNOSIS, GYNE_MORBIDITIES, GYNE_PROCEDURE, MEDICAL_HISTORY, MORBIDITIES, OBSTETRIC_HISTORY, OB_PROCEDURE, type LookupEntry,
} from '@pnss/libs/lookups';

/** The list fields the sidebar picker edits (SPEC.md §2), each with its reference list. */
export const PICKER_LISTS = {
  medicalHistory: MEDICAL_HISTORY,
  obstetricHistory: OBSTETRIC_HISTORY,
  morbidities: MORBIDITIES,
  gynemorbidities: GYNE_MORBIDITIES,
  gynecologicalDiagnosis: GYNE_DIAGNOSIS,
  concomitantProcedure: GYNE_PROCEDURE,
  obProcedure: OB_PROCEDURE,
} as const satisfies Record<string, LookupEntry[]>;

export type PickerField = keyof typeof PICKER_LISTS;

export interface PickerControl {
  /** The field the sidebar picker edits, or null when the sidebar shows the navigation. */
  field: PickerField | null;
  open: (field: PickerField, returnFocusTo: HTMLElement | null) => void;
  close: () => void;
}

export const PickerContext = createContext<PickerControl>({ field: null, open: () => undefined, close: () => undefined });

export function usePicker(): PickerControl {
  return useContext(PickerContext);
}
