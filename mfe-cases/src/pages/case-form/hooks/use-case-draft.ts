import { useEffect, useState } from 'react';
import type { CaseForm } from '@pnss/libs/api';
import type { CaseFormStore } from '../state/case-form.store.js';

/** What is kept in the browser for one case: the form as the user left it and the version it was made on. */
export interface CaseDraft {
  form: CaseForm;
  version: number;
  savedAt: string;
}

const PREFIX = 'pnss.case-draft.';
const WRITE_DELAY_MS = 400;

/** One key per case; a new case's draft is kept under its patient until it is saved. */
export function draftKey(patientid: string, caseid: string | null): string {
  return `${PREFIX}${caseid ?? `new-${patientid}`}`;
}

export function readDraft(key: string): CaseDraft | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as CaseDraft;
    return draft && typeof draft === 'object' && draft.form && typeof draft.version === 'number' ? draft : null;
  } catch {
    return null;
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage unavailable (private mode, quota): nothing was kept, nothing to clear.
  }
}

/**
 * Keeps the unsaved edits of a case in localStorage while there are any (SPEC.md has none of
 * this; issue 5: nothing typed is lost), written shortly after each change and removed once the
 * form matches the server again. The form holds no patient name, so the draft does not either.
 */
export function useCaseDraft(store: CaseFormStore, key: string, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const write = () => {
      timer = null;
      const { dirty, form } = store.getState();
      try {
        if (dirty) localStorage.setItem(key, JSON.stringify({ form, version: form.version, savedAt: new Date().toISOString() } satisfies CaseDraft));
        else localStorage.removeItem(key);
      } catch {
        // Quota exceeded or storage disabled: the form still works, only the safety net is missing.
      }
    };
    const unsubscribe = store.subscribe(() => {
      if (timer === null) timer = setTimeout(write, WRITE_DELAY_MS);
    });
    const flush = () => {
      if (timer !== null) {
        clearTimeout(timer);
        write();
      }
    };
    window.addEventListener('pagehide', flush);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [store, key, enabled]);
}

/** The draft found when the form opened, if it holds something the server copy does not. */
export function useOfferedDraft(key: string, serverCase: CaseForm | null, differs: (draft: CaseDraft) => boolean) {
  const [offered, setOffered] = useState<CaseDraft | null>(null);
  useEffect(() => {
    if (!serverCase) return;
    const draft = readDraft(key);
    if (draft && differs(draft)) setOffered(draft);
    else if (draft) clearDraft(key);
    // Only when the form opens on a case: later server copies are the user's own saves.
  }, [key, serverCase === null]); // deliberately not on `differs` or each copy
  return [offered, setOffered] as const;
}
