import { useCallback, useState } from 'react';
import { describeError, toast } from '@pnss/web';
import { MESSAGES, TOASTS, archiveErrorToast, unarchiveErrorToast } from '@pnss/libs/validation';
import { useArchiveCaseMutation, useUnarchiveCaseMutation } from '../../../api/cases.api.js';
import type { CaseFormStore } from '../state/case-form.store.js';
import { useCaseStateChange } from '../../../components/case-state/use-case-state-change.js';
import type { CaseSave } from './use-case-save.js';

export interface CaseLifecycle {
  busy: string | null;
  /** The close-check dialog and the confirmations of the shared Close and Reopen flow. */
  dialogs: ReturnType<typeof useCaseStateChange>['dialogs'];
  close: () => Promise<void>;
  reopen: () => Promise<void>;
  archive: () => Promise<void>;
  unarchive: () => Promise<void>;
}

/**
 * Close (save first, then the close check, then the confirmation: SPEC.md §4), Reopen, Archive and
 * Unarchive of the case on screen, each with the version the form holds; the answer's new state and
 * version go into the form, unsaved edits kept.
 */
export function useCaseLifecycle(
  store: CaseFormStore, patientid: string, caseid: string | null, saving: Pick<CaseSave, 'persist' | 'reportSaveFailure'>, onJump: (field: string) => void,
): CaseLifecycle {
  const [busy, setBusy] = useState<string | null>(null);
  const { persist, reportSaveFailure } = saving;
  const stateChange = useCaseStateChange({
    onChanged: (answer) => store.applyStateChange(answer),
    // Every problem shows on the form, as the dialog lists them.
    onRefused: () => store.reveal(),
    onJump,
  });
  const [archiveCase] = useArchiveCaseMutation();
  const [unarchiveCase] = useUnarchiveCaseMutation();

  const close = useCallback(async () => {
    if (!caseid) return;
    await stateChange.close(
      { patientid, caseid, caseNum: store.getState().saved.caseNum },
      {
        // SPEC.md §4: Close saves the case first ('Unable to save case' when that fails), then checks.
        prepare: async () => {
          const outcome = await persist();
          if (outcome.ok) return outcome.form.version;
          if (outcome.reason === 'invalid') toast.error(MESSAGES.unableToSaveCase);
          else reportSaveFailure(outcome);
          return null;
        },
        check: () => store.closeErrors(),
      },
    );
  }, [stateChange, persist, reportSaveFailure, store, caseid, patientid]);

  const reopen = useCallback(async () => {
    if (!caseid) return;
    await stateChange.reopen({ patientid, caseid, caseNum: store.getState().saved.caseNum, version: store.getState().saved.version });
  }, [stateChange, patientid, caseid, store]);

  /** Archive and Unarchive are one change with their own call, toast and refusal words. */
  const changeArchived = useCallback(
    async (kind: 'archive' | 'unarchive') => {
      if (!caseid) return;
      const [call, done, refused] =
        kind === 'archive' ? [archiveCase, TOASTS.caseArchived, archiveErrorToast] : [unarchiveCase, TOASTS.caseUnarchived, unarchiveErrorToast];
      setBusy(kind);
      try {
        const answer = await call({ patientid, caseid, version: store.getState().saved.version }).unwrap();
        // SPEC.md §4: after Unarchive the case reloads; the cache tags refetch it and the form absorbs it.
        store.applyStateChange(answer);
        toast.success(done);
      } catch (error) {
        const notice = describeError(error);
        if (!notice.sessionEnded) toast.error(refused(notice.message ?? 'unknown error'));
      } finally {
        setBusy(null);
      }
    },
    [archiveCase, unarchiveCase, patientid, caseid, store],
  );
  const archive = useCallback(() => changeArchived('archive'), [changeArchived]);
  const unarchive = useCallback(() => changeArchived('unarchive'), [changeArchived]);

  return { busy: busy ?? stateChange.busy, dialogs: stateChange.dialogs, close, reopen, archive, unarchive };
}
