import { App } from 'antd';
import type { CaseForm, ErrorEnvelope } from '@pnss/libs/api';
import { CONFIRMATIONS, MESSAGES, TOASTS } from '@pnss/libs/validation';
import { describeError, showError, toast } from '@pnss/web';
import { useCloseCaseMutation, useReopenCaseMutation } from '../../api/cases.api.js';
import { CloseCheckContent, closeCheckFailures } from '../../components/close-check-dialog.js';

/** SPEC.md §8 Reopen: the server error if present, else its message, else the catalogue's words. */
export function reopenErrorMessage(error: unknown): string | null {
  const data = (error as { data?: Partial<ErrorEnvelope> & { error?: unknown } } | undefined)?.data;
  if (data && typeof data.error === 'string' && data.error) return data.error;
  const notice = describeError(error);
  if (notice.sessionEnded) return null;
  return notice.message || MESSAGES.reopenFailed;
}

type CaseRefForm = Pick<CaseForm, '_id' | 'patientid' | 'version' | 'caseNum'>;

/** Close and Reopen of a case card, each after its confirmation (SPEC.md §4, §8). */
export function useCaseStateActions() {
  const { modal } = App.useApp();
  const [closeCase] = useCloseCaseMutation();
  const [reopenCase] = useReopenCaseMutation();

  const confirmClose = (form: CaseRefForm) => {
    if (!form._id) return;
    const ref = { patientid: form.patientid, caseid: form._id, version: form.version };
    modal.confirm({
      title: CONFIRMATIONS.closeCase,
      content: `Case # ${form.caseNum}`,
      okText: 'Close case',
      cancelText: 'Cancel',
      onOk: async () => {
        const result = await closeCase(ref);
        if (!('error' in result) || result.error === undefined) {
          toast.success(TOASTS.caseClosed);
          return;
        }
        const failures = closeCheckFailures(result.error);
        if (failures) {
          modal.error({
            title: `Case # ${form.caseNum} cannot be closed yet`,
            content: <CloseCheckContent errors={failures} />,
            okText: 'OK',
            width: 560,
          });
          return;
        }
        showError(result.error);
      },
    });
  };

  const confirmReopen = (form: CaseRefForm) => {
    if (!form._id) return;
    const ref = { patientid: form.patientid, caseid: form._id, version: form.version };
    modal.confirm({
      title: CONFIRMATIONS.reopenCase,
      content: `Case # ${form.caseNum}`,
      okText: 'Reopen case',
      cancelText: 'Cancel',
      onOk: async () => {
        const result = await reopenCase(ref);
        if ('data' in result && result.data) {
          if (result.data.error) toast.error(result.data.error);
          else toast.success(TOASTS.caseReopened);
          return;
        }
        const message = reopenErrorMessage(result.error);
        if (message) toast.error(message);
      },
    });
  };

  return { confirmClose, confirmReopen };
}
