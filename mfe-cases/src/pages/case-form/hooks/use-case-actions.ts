import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App } from 'antd';
import { describeError, showError, toast } from '@pnss/web';
import {
  CONFIRMATIONS, MESSAGES, TOASTS, archiveErrorToast, unarchiveErrorToast, type CaseForm, type CaseFormPayload,
  type FieldError,
} from '@pnss/libs';
import {
  useArchiveCaseMutation, useCloseCaseMutation, useCreateCaseMutation, useReopenCaseMutation, useUnarchiveCaseMutation,
  useUpdateCaseMutation,
} from '../../../api/cases.api.js';
import type { CaseFormStore } from '../state/case-form.store.js';
import { focusField } from '../layout/focus-field.js';
import { clearDraft } from './use-case-draft.js';

type SaveOutcome = { ok: true; form: CaseForm } | { ok: false; reason: 'invalid' | 'conflict' | 'failed'; error?: unknown };

interface ErrorBody {
  message?: string;
  error?: string;
  errors?: FieldError[];
  current?: CaseForm;
}

function errorBody(error: unknown): { status: number | null; body: ErrorBody } {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status, data } = error as { status: unknown; data?: unknown };
    return { status: typeof status === 'number' ? status : null, body: (typeof data === 'object' && data ? data : {}) as ErrorBody };
  }
  return { status: null, body: {} };
}

/** The form as the server takes it: everything the clinician edits, without what the server owns. */
export function toPayload(form: CaseForm): CaseFormPayload {
  const { isClose: _c, isArchived: _a, submissionId: _s, createdAt: _ca, updatedAt: _ua, ...payload } = form;
  return payload;
}

export interface CaseActionsApi {
  busy: string | null;
  closeErrors: FieldError[] | null;
  dismissCloseErrors: () => void;
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
 * Archive and Unarchive. A save that meets a newer version opens the conflict dialog.
 */
export function useCaseActions(store: CaseFormStore, patientid: string, caseid: string | null, draftKeyOfCase: string): CaseActionsApi {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const [closeErrors, setCloseErrors] = useState<FieldError[] | null>(null);
  const [conflict, setConflict] = useState<CaseForm | null>(null);
  const [createCase] = useCreateCaseMutation();
  const [updateCase] = useUpdateCaseMutation();
  const [closeCase] = useCloseCaseMutation();
  const [reopenCase] = useReopenCaseMutation();
  const [archiveCase] = useArchiveCaseMutation();
  const [unarchiveCase] = useUnarchiveCaseMutation();

  const confirm = useCallback(
    (content: string, okText: string) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({ title: content, okText, cancelText: 'Cancel', onOk: () => resolve(true), onCancel: () => resolve(false) });
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
    const { form } = store.getState();
    try {
      if (!caseid) {
        const created = await createCase({ patientid, body: toPayload(form) }).unwrap();
        store.load(created);
        clearDraft(draftKeyOfCase);
        navigate(`/patients/${encodeURIComponent(patientid)}/case/${encodeURIComponent(created._id ?? '')}`, { replace: true });
        return { ok: true, form: created };
      }
      const saved = await updateCase({ patientid, caseid, body: { ...toPayload(form), version: form.version } }).unwrap();
      store.load(saved);
      clearDraft(draftKeyOfCase);
      return { ok: true, form: saved };
    } catch (error) {
      const { status, body } = errorBody(error);
      if (status === 409 && body.current) {
        setConflict(body.current);
        return { ok: false, reason: 'conflict', error };
      }
      return { ok: false, reason: 'failed', error };
    }
  }, [store, caseid, patientid, createCase, updateCase, navigate, draftKeyOfCase]);

  const reportSaveFailure = (outcome: SaveOutcome) => {
    if (outcome.ok || outcome.reason === 'invalid') return;
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
      if (outcome.ok) toast.success(caseid ? TOASTS.caseUpdated : TOASTS.caseAdded);
      else if (outcome.reason === 'invalid') toast.error(MESSAGES.unableToSaveCase);
      else reportSaveFailure(outcome);
    } finally {
      setBusy(null);
    }
  }, [persist, caseid]);

  const close = useCallback(async () => {
    if (!caseid) return;
    setBusy('close');
    try {
      const outcome = await persist();
      if (!outcome.ok) {
        if (outcome.reason === 'invalid') toast.error(MESSAGES.unableToSaveCase);
        else reportSaveFailure(outcome);
        return;
      }
      const errors = store.closeErrors();
      if (errors.length > 0) {
        store.reveal();
        setCloseErrors(errors);
        return;
      }
      if (!(await confirm(CONFIRMATIONS.closeCase, 'Close case'))) return;
      try {
        const answer = await closeCase({ patientid, caseid, version: outcome.form.version }).unwrap();
        store.applyStateChange(answer);
        toast.success(TOASTS.caseClosed);
      } catch (error) {
        const { status, body } = errorBody(error);
        if (status === 422 && body.errors) {
          // The server's check is the same libs check: its list is shown exactly as ours would be.
          store.reveal();
          setCloseErrors(body.errors);
        } else {
          showError(error);
        }
      }
    } finally {
      setBusy(null);
    }
  }, [persist, store, caseid, patientid, closeCase, confirm]);

  const reopen = useCallback(async () => {
    if (!caseid) return;
    if (!(await confirm(CONFIRMATIONS.reopenCase, 'Reopen case'))) return;
    setBusy('reopen');
    try {
      const answer = await reopenCase({ patientid, caseid, version: store.getState().saved.version }).unwrap();
      store.applyStateChange(answer);
      toast.success(TOASTS.caseReopened);
    } catch (error) {
      const { body } = errorBody(error);
      const notice = describeError(error);
      if (!notice.sessionEnded) toast.error(body.error ?? body.message ?? MESSAGES.reopenFailed);
    } finally {
      setBusy(null);
    }
  }, [confirm, reopenCase, patientid, caseid, store]);

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
    busy,
    closeErrors,
    dismissCloseErrors: () => setCloseErrors(null),
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
