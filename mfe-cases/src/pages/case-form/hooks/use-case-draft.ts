import { useEffect, useState, useSyncExternalStore } from 'react';
import { onOfflineQueueChange, toast } from '@pnss/web';
import type { CaseFormStore } from '../state/case-form.store.js';
import { DRAFT_DISCARDED_MESSAGES, draftAnswersOf, draftMismatch, drafts, removePlainDrafts, type CaseDraft, type DraftKey } from '../drafts/drafts.js';

const WRITE_DELAY_MS = 400;

/**
 * Keeps the unsaved edits of the case on screen in the browser while there are any (SPEC.md has
 * none of this; issue 5: nothing typed is lost), written shortly after each change and removed
 * once the form matches the server again. Only the field answers are kept, with the case, the
 * user and the version they were made on (issue 25 item 2). Without a signed-in user's id
 * (`key` null) nothing is kept: a draft always has an owner.
 */
export function useCaseDraft(store: CaseFormStore, key: DraftKey | null, enabled: boolean): void {
  useEffect(() => {
    if (!enabled || !key) return undefined;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const write = () => {
      timer = null;
      const { dirty, form, saved } = store.getState();
      if (!dirty) {
        void drafts.discard(key);
        return;
      }
      void drafts.save(key, {
        userId: key.userId, patientId: key.patientId, caseId: key.caseId,
        baseVersion: saved.version, answers: draftAnswersOf(form), savedAt: new Date().toISOString(),
      });
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
      // The edits of this case go under this case's key, even when the address already names another.
      flush();
    };
  }, [store, key?.userId, key?.patientId, key?.caseId, enabled]); // the key's parts, not its identity
}

/**
 * Whether edits under `key` are kept: only while the user's encrypted store is open (issue 32). The
 * shell opens it at sign-in and reopens it after a reload, possibly after the form has mounted.
 */
export function useDraftsKept(key: DraftKey | null): boolean {
  return useSyncExternalStore(onOfflineQueueChange, () => (key ? drafts.keeping(key) : false));
}

/**
 * The draft to offer when the form opens on a case: one kept for this user and this case, on the
 * version the server has now, holding something the server copy does not. A draft of another case
 * or user, or of an older version, is thrown away and the user told why.
 */
export function useOfferedDraft(store: CaseFormStore, key: DraftKey | null, differs: (draft: CaseDraft) => boolean) {
  const [offered, setOffered] = useState<CaseDraft | null>(null);
  // Looked for again once the store opens (a reload reopens it while the form may already be on screen).
  const kept = useDraftsKept(key);
  useEffect(() => {
    removePlainDrafts();
    if (!key || !kept) return undefined;
    let live = true;
    void drafts.load(key).then((draft) => {
      if (!live || !draft) return;
      const mismatch = draftMismatch(draft, key, store.getState().saved.version);
      if (mismatch) {
        void drafts.discard(key);
        toast.info(DRAFT_DISCARDED_MESSAGES[mismatch]);
      } else if (differs(draft)) {
        setOffered(draft);
      } else {
        void drafts.discard(key);
      }
    });
    return () => {
      live = false;
    };
    // Only when the form opens on a case (the page keys the form by patient and case), or the store opens.
  }, [store, key?.userId, key?.patientId, key?.caseId, kept]); // deliberately not on `differs`
  return [offered, setOffered] as const;
}
