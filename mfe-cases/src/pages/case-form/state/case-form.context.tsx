import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { CaseForm, FieldError } from '@pnss/libs/api';
import type { CaseFormState, CaseFormStore, FieldPath } from './case-form.store.js';

const StoreContext = createContext<CaseFormStore | null>(null);
const ReadOnlyContext = createContext(false);

export function CaseFormProvider({ store, readOnly, children }: { store: CaseFormStore; readOnly: boolean; children: ReactNode }) {
  return (
    <StoreContext.Provider value={store}>
      <ReadOnlyContext.Provider value={readOnly}>{children}</ReadOnlyContext.Provider>
    </StoreContext.Provider>
  );
}

export function useCaseFormStore(): CaseFormStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useCaseFormStore needs a CaseFormProvider');
  return store;
}

/** All fields are disabled when the case is closed (SPEC.md §2). */
export function useReadOnly(): boolean {
  return useContext(ReadOnlyContext);
}

/**
 * A slice of the form state. The selector must return a primitive or a value that keeps its
 * identity while unchanged (a field of the form does: the dependency function copies only
 * what changes), so a component re-renders only when its slice changes.
 */
export function useCaseFormSelector<T>(selector: (state: CaseFormState) => T): T {
  const store = useCaseFormStore();
  const get = useCallback(() => selector(store.getState()), [store, selector]);
  return useSyncExternalStore(store.subscribe, get, get);
}

export function useFormValue<K extends keyof CaseForm>(field: K): CaseForm[K] {
  return useCaseFormSelector(useCallback((s: CaseFormState) => s.form[field], [field]));
}

/** A predicate of the form (visibility rules), re-evaluated on every change, re-rendering only on a flip. */
export function useFormPredicate(predicate: (form: CaseForm) => boolean): boolean {
  return useCaseFormSelector(useCallback((s: CaseFormState) => predicate(s.form), [predicate]));
}

/** The problem to show on a field: once it was left, or once a close attempt revealed all. */
export function useVisibleError(path: FieldPath): FieldError | null {
  return useCaseFormSelector(
    useCallback(
      (s: CaseFormState) => (s.revealAll || s.touched.has(path) ? (s.errors.get(path) ?? null) : null),
      [path],
    ),
  );
}
