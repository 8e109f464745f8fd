import { useCallback, useState, type ReactNode } from 'react';
import { App } from 'antd';
import type { FieldError } from '@pnss/libs/api';
import { CONFIRMATIONS, MESSAGES, TOASTS } from '@pnss/libs/validation';
import { CASE_CLOSED_ON_DEVICE, describeError, isLocalId, showError, toast } from '@pnss/web';
import { useCloseCaseMutation, useReopenCaseMutation, type CaseStateAnswer } from '../../api/cases.api.js';
import { CloseErrorsDialog } from './close-errors-dialog.js';

/** The case a Close or Reopen is about. `version`, when known, must be the stored one. */
export interface StateChangeTarget {
  patientid: string;
  caseid: string;
  caseNum: string;
  version?: number;
}

export interface CloseSteps {
  /** Before the question (the case form saves first): the version to close, or null to stop there. */
  prepare?: () => Promise<number | null>;
  /** The libs close check on what the user sees; a failure lists the fields instead of asking. */
  check?: () => FieldError[];
}

/** The failing fields of a refused close (422), or null when the error is something else. */
export function closeCheckFailures(error: unknown): FieldError[] | null {
  const notice = describeError(error);
  return notice.status === 422 ? notice.fieldErrors : null;
}

/** SPEC.md §8 Reopen: the server error if present, else its message, else the catalogue's words. */
export function reopenErrorMessage(error: unknown): string | null {
  const notice = describeError(error);
  if (notice.error) return notice.error;
  if (notice.sessionEnded) return null;
  return notice.message || MESSAGES.reopenFailed;
}

/**
 * The one Close and the one Reopen of a case (SPEC.md §4, §8), used by the case form's title bar
 * and by the cards of the patient preview alike: the spec's confirmation, the call, the toasts,
 * and one dialog listing the fields a close needs, whether the libs check or the server found them.
 */
export function useCaseStateChange({ onChanged, onRefused, onJump }: {
  /** The server's answer (new flags and version). */
  onChanged?: (answer: CaseStateAnswer) => void;
  /** A close was refused for fields to complete. */
  onRefused?: () => void;
  /** Offered on each listed field when the form is on screen. */
  onJump?: (field: string) => void;
} = {}): {
  close: (target: StateChangeTarget, steps?: CloseSteps) => Promise<void>;
  reopen: (target: StateChangeTarget) => Promise<void>;
  busy: 'close' | 'reopen' | null;
  dialogs: ReactNode;
} {
  const { modal } = App.useApp();
  const [busy, setBusy] = useState<'close' | 'reopen' | null>(null);
  const [failures, setFailures] = useState<{ caseNum: string; errors: FieldError[] } | null>(null);
  const [closeCase] = useCloseCaseMutation();
  const [reopenCase] = useReopenCaseMutation();

  const confirm = useCallback(
    (title: string, caseNum: string, okText: string) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title,
          content: `Case # ${caseNum}`,
          okText,
          cancelText: 'Cancel',
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal],
  );

  const refuse = useCallback(
    (caseNum: string, errors: FieldError[]) => {
      onRefused?.();
      setFailures({ caseNum, errors });
    },
    [onRefused],
  );

  const close = useCallback(
    async (target: StateChangeTarget, steps: CloseSteps = {}) => {
      setBusy('close');
      try {
        const version = steps.prepare ? await steps.prepare() : target.version;
        if (version === null) return;
        const errors = steps.check?.() ?? [];
        if (errors.length > 0) {
          refuse(target.caseNum, errors);
          return;
        }
        if (!(await confirm(CONFIRMATIONS.closeCase, target.caseNum, 'Close case'))) return;
        try {
          const answer = await closeCase({ patientid: target.patientid, caseid: target.caseid, version }).unwrap();
          onChanged?.(answer);
          // Issue 32: a case made offline is closed on the device; the server checks the close again when it is sent.
          if (isLocalId(answer._id)) toast.info(CASE_CLOSED_ON_DEVICE);
          else toast.success(TOASTS.caseClosed);
        } catch (error) {
          const listed = closeCheckFailures(error);
          if (listed) refuse(target.caseNum, listed);
          else showError(error);
        }
      } finally {
        setBusy(null);
      }
    },
    [closeCase, confirm, onChanged, refuse],
  );

  const reopen = useCallback(
    async (target: StateChangeTarget) => {
      if (!(await confirm(CONFIRMATIONS.reopenCase, target.caseNum, 'Reopen case'))) return;
      setBusy('reopen');
      try {
        const answer = await reopenCase({ patientid: target.patientid, caseid: target.caseid, version: target.version }).unwrap();
        const refused = (answer as CaseStateAnswer & { error?: string }).error;
        if (refused) {
          toast.error(refused);
          return;
        }
        onChanged?.(answer);
        toast.success(TOASTS.caseReopened);
      } catch (error) {
        const message = reopenErrorMessage(error);
        if (message) toast.error(message);
      } finally {
        setBusy(null);
      }
    },
    [confirm, reopenCase, onChanged],
  );

  const dialogs = failures ? (
    <CloseErrorsDialog errors={failures.errors} caseNum={onJump ? undefined : failures.caseNum} onJump={onJump} onClosed={() => setFailures(null)} />
  ) : null;

  return { close, reopen, busy, dialogs };
}
