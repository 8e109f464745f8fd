import { useState, type ReactNode } from 'react';
import { Modal } from 'antd';
import type { CaseForm, ErrorEnvelope, FieldError } from '@pnss/libs/api';
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
type Pending = { action: 'close' | 'reopen'; form: CaseRefForm };

/**
 * Close and Reopen of a case card, each after its confirmation (SPEC.md §4, §8). The dialogs are
 * titled with the spec's question, so a screen reader announces what is being confirmed.
 */
export function useCaseStateActions(): { confirmClose: (form: CaseRefForm) => void; confirmReopen: (form: CaseRefForm) => void; dialogs: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const [failures, setFailures] = useState<{ caseNum: string; errors: FieldError[] } | null>(null);
  const [closeCase, closeState] = useCloseCaseMutation();
  const [reopenCase, reopenState] = useReopenCaseMutation();

  const run = async ({ action, form }: Pending) => {
    if (!form._id) return;
    const ref = { patientid: form.patientid, caseid: form._id, version: form.version };
    if (action === 'close') {
      const result = await closeCase(ref);
      setPending(null);
      if (!result.error) {
        toast.success(TOASTS.caseClosed);
        return;
      }
      const errors = closeCheckFailures(result.error);
      if (errors) setFailures({ caseNum: form.caseNum, errors });
      else showError(result.error);
      return;
    }
    const result = await reopenCase(ref);
    setPending(null);
    if (result.data) {
      if (result.data.error) toast.error(result.data.error);
      else toast.success(TOASTS.caseReopened);
      return;
    }
    const message = reopenErrorMessage(result.error);
    if (message) toast.error(message);
  };

  const dialogs = (
    <>
      <Modal
        open={pending !== null}
        title={pending?.action === 'reopen' ? CONFIRMATIONS.reopenCase : CONFIRMATIONS.closeCase}
        okText={pending?.action === 'reopen' ? 'Reopen case' : 'Close case'}
        cancelText="Cancel"
        confirmLoading={closeState.isLoading || reopenState.isLoading}
        onOk={() => pending && void run(pending)}
        onCancel={() => setPending(null)}
        width={420}
        destroyOnHidden
      >
        {pending ? `Case # ${pending.form.caseNum}` : null}
      </Modal>
      <Modal
        open={failures !== null}
        title={failures ? `Case # ${failures.caseNum} cannot be closed yet` : null}
        onOk={() => setFailures(null)}
        onCancel={() => setFailures(null)}
        okText="OK"
        cancelButtonProps={{ style: { display: 'none' } }}
        width={560}
        destroyOnHidden
      >
        {failures ? <CloseCheckContent errors={failures.errors} /> : null}
      </Modal>
    </>
  );

  return {
    confirmClose: (form) => setPending({ action: 'close', form }),
    confirmReopen: (form) => setPending({ action: 'reopen', form }),
    dialogs,
  };
}
