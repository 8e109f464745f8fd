import { useEffect, useRef, type MutableRefObject } from 'react';
import type { CaseForm } from '@pnss/libs/api';
import { caseActions } from '@pnss/libs/rules';
import { queueOfflineChange, type QueuedChange } from '@pnss/web';
import type { CaseFormStore } from '../state/case-form.store.js';
import type { DraftKey } from '../drafts/drafts.js';
import { useDraftsKept } from '../hooks/use-case-draft.js';
import { refusedSaveOf } from './queued-conflict.js';

/**
 * Issue 32: opening a case whose save, made offline, the server refused when it was sent for a newer
 * version. The user's queued answers go into the form, on the version they were saved on, and
 * `onConflict` opens the dialog against the server's version. The returned ref names that queued
 * save while the form holds it, so the save that settles it can take it out of the queue.
 */
export function useRefusedSave(
  store: CaseFormStore, caseid: string | null, draftKeyOfCase: DraftKey | null, onConflict: (theirs: CaseForm) => void,
): MutableRefObject<number | null> {
  const refusedSeq = useRef<number | null>(null);
  // Looked for again once the user's store opens (after a reload the shell reopens it while the form may be on screen).
  const storeOpen = useDraftsKept(draftKeyOfCase);
  useEffect(() => {
    refusedSeq.current = null;
    if (!caseid || !storeOpen) return undefined;
    let live = true;
    void refusedSaveOf(caseid).then((refused) => {
      if (!live || !refused || caseActions(store.getState().saved).readOnly) return;
      refusedSeq.current = refused.seq;
      const { saved } = store.getState();
      // On the version the user saved on: "Decide later" and then Save meets the newer version again, never overwrites it.
      store.restore(saved, { ...saved, ...refused.answers }, refused.version ?? saved.version);
      onConflict(saved);
    });
    return () => {
      live = false;
    };
    // Only when the form opens on a case or the store opens; `onConflict` is a state setter.
  }, [caseid, store, storeOpen]);
  return refusedSeq;
}

/**
 * Issue 32: a save of a stored case that never reached the server waits in the user's offline queue,
 * with the version opened, so the server still refuses it if someone saved in between. Null when no
 * queue is open (signed out, or a browser without IndexedDB).
 */
export function queueCaseSave(path: string, body: Record<string, unknown>, caseNum: string, caseid: string, version: number): Promise<QueuedChange | null> {
  return queueOfflineChange({ kind: 'saveCase', method: 'PUT', path, body, label: `Case ${caseNum}`, recordId: caseid, version });
}
