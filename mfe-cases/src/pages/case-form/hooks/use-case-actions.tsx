import type { ReactNode } from 'react';
import type { CaseForm } from '@pnss/libs/api';
import type { CaseFormStore } from '../state/case-form.store.js';
import type { DraftKey } from '../drafts/drafts.js';
import { useCaseSave } from './use-case-save.js';
import { useCaseLifecycle } from './use-case-lifecycle.js';

export { SAVED_ON_DEVICE, toPayload } from './use-case-save.js';

export interface CaseActionsApi {
  busy: string | null;
  /** The close-check dialog and the confirmations of the shared Close and Reopen flow. */
  dialogs: ReactNode;
  conflict: CaseForm | null;
  dismissConflict: () => void;
  resolveConflict: (merged: CaseForm) => Promise<void>;
  save: () => Promise<void>;
  close: () => Promise<void>;
  reopen: () => Promise<void>;
  archive: () => Promise<void>;
  unarchive: () => Promise<void>;
}

/**
 * The title-bar actions of SPEC.md §2 with the flows of §4 and the messages of §8, in two jobs:
 * Save with its conflict dialog and the offline queue (use-case-save, with offline/use-refused-save),
 * and the case's state, Close (which saves first), Reopen, Archive and Unarchive (use-case-lifecycle).
 */
export function useCaseActions(
  store: CaseFormStore, patientid: string, caseid: string | null, draftKeyOfCase: DraftKey | null, onJump: (field: string) => void,
): CaseActionsApi {
  const saving = useCaseSave(store, patientid, caseid, draftKeyOfCase);
  const lifecycle = useCaseLifecycle(store, patientid, caseid, saving, onJump);
  return {
    busy: saving.saving ? 'save' : lifecycle.busy,
    dialogs: lifecycle.dialogs,
    conflict: saving.conflict,
    dismissConflict: saving.dismissConflict,
    resolveConflict: saving.resolveConflict,
    save: saving.save,
    close: lifecycle.close,
    reopen: lifecycle.reopen,
    archive: lifecycle.archive,
    unarchive: lifecycle.unarchive,
  };
}
