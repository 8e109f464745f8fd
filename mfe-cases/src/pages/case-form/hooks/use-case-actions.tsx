import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { App } from 'antd';
import { casePaths, describeError, isLocalId, queueOfflineChange, toast } from '@pnss/web';
import { withoutServerOwned, type CaseForm, type CaseFormPayload } from '@pnss/libs/api';
import { MESSAGES, TOASTS, archiveErrorToast, unarchiveErrorToast, type PlausibilityWarning } from '@pnss/libs/validation';
import {
  caseApiPath, useArchiveCaseMutation, useCreateCaseMutation, useUnarchiveCaseMutation, useUpdateCaseMutation,
} from '../../../api/cases.api.js';
import type { CaseFormStore } from '../state/case-form.store.js';
import { focusField } from '../layout/focus-field.js';
import { drafts, type DraftKey } from '../drafts/drafts.js';
import { useCaseStateChange } from '../../../components/case-state/use-case-state-change.js';
import { caseActions, sameValue } from '@pnss/libs/rules';
import { refusedSaveOf, settleReflectedSaves, settleRefusedSave } from '../offline/queued-conflict.js';
import { useDraftsKept } from './use-case-draft.js';

type SaveOutcome = { ok: true; form: CaseForm } | { ok: false; reason: 'invalid' | 'unconfirmed' | 'conflict' | 'failed' | 'queued'; error?: unknown };

/** Issue 32: a save made with the connection down waits on this device (encrypted) and is sent when it returns. */
export const SAVED_ON_DEVICE = 'No connection: the case is saved on this device and will be sent when the connection returns.';

/** The form as the server takes it: everything the clinician edits, without what the server owns (libs). */
export function toPayload(form: CaseForm, confirmedWarnings?: string[]): CaseFormPayload {
  const payload = withoutServerOwned(form);
  return confirmedWarnings && confirmedWarnings.length > 0 ? { ...payload, confirmedWarnings } : payload;
}

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
 * The title-bar actions of SPEC.md §2 with the flows of §4 and the messages of §8: Save (with
 * the version opened), Close (save first, then the close check, then the confirmation), Reopen,
 * Archive and Unarchive. A save that meets a newer version opens the conflict dialog; so does
 * opening a case whose save, made offline, the server refused when it was sent for a newer version
 * (issue 32): the user's queued answers go into the form and the dialog sets them against the
 * server's version; once a save of the case goes through, the refused change leaves the queue.
 */
export function useCaseActions(
  store: CaseFormStore, patientid: string, caseid: string | null, draftKeyOfCase: DraftKey | null, onJump: (field: string) => void,
): CaseActionsApi {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const [conflict, setConflict] = useState<CaseForm | null>(null);
  /** The queued save, refused for a newer version, whose answers the form now holds. */
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
      setConflict(saved);
    });
    return () => {
      live = false;
    };
  }, [caseid, store, storeOpen]);
  const [createCase] = useCreateCaseMutation();
  const [updateCase] = useUpdateCaseMutation();
  const stateChange = useCaseStateChange({
    onChanged: (answer) => store.applyStateChange(answer),
    // Every problem shows on the form, as the dialog lists them.
    onRefused: () => store.reveal(),
    onJump,
  });
  const [archiveCase] = useArchiveCaseMutation();
  const [unarchiveCase] = useUnarchiveCaseMutation();

  /** Unusual but possible values (libs softWarnings) are saved only once the user confirms them. */
  const confirmWarnings = useCallback(
    (warnings: PlausibilityWarning[]) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: 'Unusual values: save them as they are?',
          content: (
            <ul className="cf-warnings" aria-label="Unusual values">
              {warnings.map((w) => (
                <li key={w.field}>
                  <strong>{w.label}</strong>: {w.message}
                </li>
              ))}
            </ul>
          ),
          okText: 'Yes, they are correct',
          cancelText: 'Check them',
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal],
  );

  const persist = useCallback(async (): Promise<SaveOutcome> => {
    const problems = store.saveErrors();
    if (problems.length > 0) {
      for (const problem of problems) store.touch(problem.field);
      focusField(problems[0].field);
      return { ok: false, reason: 'invalid' };
    }
    const warnings = store.unconfirmedWarnings();
    if (warnings.length > 0 && !(await confirmWarnings(warnings))) {
      setTimeout(() => focusField(warnings[0].field), 0);
      return { ok: false, reason: 'unconfirmed' };
    }
    const confirmed = warnings.map((w) => w.field);
    const { form } = store.getState();
    try {
      if (!caseid) {
        const created = await createCase({ patientid, body: toPayload(form, confirmed) }).unwrap();
        store.load(created);
        if (draftKeyOfCase) void drafts.discard(draftKeyOfCase);
        navigate(casePaths.caseForm(patientid, created._id ?? ''), { replace: true });
        return { ok: true, form: created };
      }
      const saved = await updateCase({ patientid, caseid, body: { ...toPayload(form, confirmed), version: form.version } }).unwrap();
      store.load(saved);
      if (draftKeyOfCase) void drafts.discard(draftKeyOfCase);
      if (refusedSeq.current !== null) {
        void settleRefusedSave(refusedSeq.current);
        refusedSeq.current = null;
      } else {
        void settleReflectedSaves(caseid, (answers) => sameValue(store.normalizeForCompare({ ...saved, ...answers }), store.normalizeForCompare(saved)));
      }
      return { ok: true, form: saved };
    } catch (error) {
      const { status, current, unanswered } = describeError(error);
      if (status === 409 && current) {
        // A case route's 409 carries the case as it now is (libs ErrorEnvelope.current).
        setConflict(current as unknown as CaseForm);
        return { ok: false, reason: 'conflict', error };
      }
      // Never reached the server (issue 32): a save of a stored case waits in the user's offline queue,
      // with the version opened, so the server still refuses it if someone saved in between.
      if (unanswered && caseid) {
        const queued = await queueOfflineChange({
          kind: 'saveCase', method: 'PUT', path: caseApiPath({ patientid, caseid }),
          body: { ...toPayload(form, confirmed), version: form.version }, label: `Case ${form.caseNum}`, recordId: caseid, version: form.version,
        });
        if (queued) return { ok: false, reason: 'queued', error };
      }
      return { ok: false, reason: 'failed', error };
    }
  }, [store, caseid, patientid, createCase, updateCase, navigate, draftKeyOfCase, confirmWarnings]);

  const reportSaveFailure = (outcome: SaveOutcome) => {
    if (outcome.ok || outcome.reason === 'invalid' || outcome.reason === 'unconfirmed') return;
    if (outcome.reason === 'queued') {
      toast.info(SAVED_ON_DEVICE);
      return;
    }
    toast.error(MESSAGES.unableToSaveCase);
    if (outcome.reason === 'failed') {
      const notice = describeError(outcome.error);
      if (notice.message && !notice.sessionEnded) toast.error(notice.message);
    }
  };

  const save = useCallback(async () => {
    setBusy('save');
    try {
      const outcome = await persist();
      // Issue 32: a case made offline is saved on the device until its create reaches the server.
      if (outcome.ok && isLocalId(outcome.form._id)) toast.info(SAVED_ON_DEVICE);
      else if (outcome.ok) toast.success(caseid ? TOASTS.caseUpdated : TOASTS.caseAdded);
      else if (outcome.reason === 'invalid') toast.error(MESSAGES.unableToSaveCase);
      else reportSaveFailure(outcome);
    } finally {
      setBusy(null);
    }
  }, [persist, caseid]);

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
  }, [stateChange, persist, store, caseid, patientid]);

  const reopen = useCallback(async () => {
    if (!caseid) return;
    await stateChange.reopen({ patientid, caseid, caseNum: store.getState().saved.caseNum, version: store.getState().saved.version });
  }, [stateChange, patientid, caseid, store]);

  const archive = useCallback(async () => {
    if (!caseid) return;
    setBusy('archive');
    try {
      const answer = await archiveCase({ patientid, caseid, version: store.getState().saved.version }).unwrap();
      store.applyStateChange(answer);
      toast.success(TOASTS.caseArchived);
    } catch (error) {
      const notice = describeError(error);
      if (!notice.sessionEnded) toast.error(archiveErrorToast(notice.message ?? 'unknown error'));
    } finally {
      setBusy(null);
    }
  }, [archiveCase, patientid, caseid, store]);

  const unarchive = useCallback(async () => {
    if (!caseid) return;
    setBusy('unarchive');
    try {
      const answer = await unarchiveCase({ patientid, caseid, version: store.getState().saved.version }).unwrap();
      // SPEC.md §4: after Unarchive the case reloads; the cache tags refetch it and the form absorbs it.
      store.applyStateChange(answer);
      toast.success(TOASTS.caseUnarchived);
    } catch (error) {
      const notice = describeError(error);
      if (!notice.sessionEnded) toast.error(unarchiveErrorToast(notice.message ?? 'unknown error'));
    } finally {
      setBusy(null);
    }
  }, [unarchiveCase, patientid, caseid, store]);

  const resolveConflict = useCallback(
    async (merged: CaseForm) => {
      const theirs = conflict;
      setConflict(null);
      if (!theirs) return;
      store.restore(theirs, merged, theirs.version);
      await save();
    },
    [conflict, store, save],
  );

  return {
    busy: busy ?? stateChange.busy,
    dialogs: stateChange.dialogs,
    conflict,
    dismissConflict: () => setConflict(null),
    resolveConflict,
    save,
    close,
    reopen,
    archive,
    unarchive,
  };
}
