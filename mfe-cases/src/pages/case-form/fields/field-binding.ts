import { useCallback } from 'react';
import type { CaseForm, Infant } from '@pnss/libs/api';
import { fieldMeta } from '@pnss/libs/validation';
import { useCaseFormSelector, useCaseFormStore } from '../state/case-form.context.js';
import type { CaseFormState } from '../state/case-form.store.js';

const INFANT_PATH = /^neonatal\[(\d+)\]\.(\w+)$/;

export interface FieldBinding {
  value: unknown;
  set: (value: unknown) => void;
}

/** Reads and writes one field by its path ('weight', 'neonatal[1].apgar5m'), through the store. */
export function useFieldBinding(path: string): FieldBinding {
  const store = useCaseFormStore();
  const infant = INFANT_PATH.exec(path);
  const index = infant ? Number(infant[1]) : -1;
  const key = infant ? infant[2] : path;
  const value = useCaseFormSelector(
    useCallback(
      (s: CaseFormState): unknown => {
        if (index >= 0) return (s.form.neonatal[index] as unknown as Record<string, unknown> | undefined)?.[key] ?? null;
        return (s.form as unknown as Record<string, unknown>)[key] ?? null;
      },
      [index, key],
    ),
  );
  const set = useCallback(
    (next: unknown) => {
      if (index >= 0) store.changeInfant(index, { [key]: next } as Partial<Infant>);
      else store.change({ [key]: next } as Partial<CaseForm>);
    },
    [store, index, key],
  );
  return { value, set };
}

/** The DOM id of a field's control: 'neonatal[0].apgar1m' becomes 'cf-neonatal-0-apgar1m'. */
export function fieldDomId(path: string): string {
  return `cf-${path.replace(/[[\].]+/g, '-').replace(/-$/, '')}`;
}

export function labelOf(path: string): string {
  return fieldMeta(path).label;
}
