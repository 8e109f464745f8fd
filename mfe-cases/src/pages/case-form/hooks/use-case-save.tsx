import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App } from 'antd';
import { casePaths, describeError, isLocalId, toast } from '@pnss/web';
import { withoutServerOwned, type CaseForm, type CaseFormPayload } from '@pnss/libs/api';
import { MESSAGES, TOASTS, type PlausibilityWarning } from '@pnss/libs/validation';
import { sameValue } from '@pnss/libs/rules';
import { caseApiPath, useCreateCaseMutation, useUpdateCaseMutation } from '../../../api/cases.api.js';
import type { CaseFormStore } from '../state/case-form.store.js';
import { focusField } from '../layout/focus-field.js';
import { drafts, type DraftKey } from '../drafts/drafts.js';
import { settleReflectedSaves, settleRefusedSave } from '../offline/queued-conflict.js';
import { queueCaseSave, useRefusedSave } from '../offline/use-refused-save.js';

export type SaveOutcome = { ok: true; form: CaseForm } | { ok: false; reason: 'invalid' | 'unconfirmed' | 'conflict' | 'failed' | 'queued'; error?: unknown };

/** Issue 32: a save made with the connection down waits on this device (encrypted) and is sent when it returns. */
export const SAVED_ON_DEVICE = 'No connection: the case is saved on this device and will be sent when the connection returns.';

/** The form as the server takes it: everything the clinician edits, without what the server owns (libs). */
export function toPayload(form: CaseForm, confirmedWarnings?: string[]): CaseFormPayload {
  const payload = withoutServerOwned(form);
  return confirmedWarnings && confirmedWarnings.length > 0 ? { ...payload, confirmedWarnings } : payload;
}

export interface CaseSave {
  saving: boolean;
  conflict: CaseForm | null;
  dismissConflict: () => void;
  resolveConflict: (merged: CaseForm) => Promise<void>;
  save: () => Promise<void>;
  /** The save the other actions start from (Close saves first): checks, confirmation, then the server or the queue. */
  persist: () => Promise<SaveOutcome>;
  /** What the user is told of a save that did not go through. */
  reportSaveFailure: (outcome: SaveOutcome) => void;
}

/**
 * Save (SPEC.md §2, §8), with the version opened: the libs save checks, the confirmation of unusual
 * values, then the server. A save that meets a newer version opens the conflict dialog, and so does a
 * save made offline that the server refused for a newer version (issue 32); once a save goes through,
 * that refused change leaves the queue. A save that never reached the server waits in the queue.
 */
export function useCaseSave(store: CaseFormStore, patientid: string, caseid: string | null, draftKeyOfCase: DraftKey | null): CaseSave {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<CaseForm | null>(null);
  /** The queued save, refused for a newer version, whose answers the form now holds. */
  const refusedSeq = useRefusedSave(store, caseid, draftKeyOfCase, setConflict);
  const [createCase] = useCreateCaseMutation();
  const [updateCase] = useUpdateCaseMutation();

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
      // Never reached the server (issue 32): a save of a stored case waits in the user's offline queue.
      if (unanswered && caseid) {
        const body = { ...toPayload(form, confirmed), version: form.version };
        if (await queueCaseSave(caseApiPath({ patientid, caseid }), body, form.caseNum, caseid, form.version)) return { ok: false, reason: 'queued', error };
      }
      return { ok: false, reason: 'failed', error };
    }
  }, [store, caseid, patientid, createCase, updateCase, navigate, draftKeyOfCase, confirmWarnings, refusedSeq]);

  const reportSaveFailure = useCallback((outcome: SaveOutcome) => {
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
  }, []);

  const save = useCallback(async () => {
    setSaving(true);
    try {
      const outcome = await persist();
      // Issue 32: a case made offline is saved on the device until its create reaches the server.
      if (outcome.ok && isLocalId(outcome.form._id)) toast.info(SAVED_ON_DEVICE);
      else if (outcome.ok) toast.success(caseid ? TOASTS.caseUpdated : TOASTS.caseAdded);
      else if (outcome.reason === 'invalid') toast.error(MESSAGES.unableToSaveCase);
      else reportSaveFailure(outcome);
    } finally {
      setSaving(false);
    }
  }, [persist, caseid, reportSaveFailure]);

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

  return { saving, conflict, dismissConflict: () => setConflict(null), resolveConflict, save, persist, reportSaveFailure };
}
