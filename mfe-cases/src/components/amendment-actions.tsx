import { useState } from 'react';
import { Button, Checkbox, Input, Modal, Typography } from 'antd';
import { EditOutlined, RollbackOutlined } from '@ant-design/icons';
import type { CaseForm, CaseStateAnswer } from '@pnss/libs/api';
import { AMENDMENT_REASON_MESSAGE, AMENDMENT_TOASTS, amendmentReasonError, caseActions } from '@pnss/libs/rules';
import { describeError, toast, useAccess } from '@pnss/web';
import { useAmendCaseMutation, useWithdrawCaseMutation } from '../api/cases.api.js';

type Dialog = 'amend' | 'withdraw' | null;

interface AmendmentActionsProps {
  form: Pick<CaseForm, '_id' | 'patientid' | 'caseNum' | 'isClose' | 'isArchived' | 'submissionId' | 'version'>;
  /** The answer of the change, for a screen that holds the case (the case form's store). */
  onChanged?: (answer: CaseStateAnswer) => void;
}

/**
 * Issue 30: 'Reopen for amendment' and 'Withdraw from package' on a Submitted case, for a user
 * holding amend_submitted_case, each asking for the reason the libs rule requires (the server asks
 * it again). Withdrawing offers to archive the case too.
 */
export function AmendmentActions({ form, onChanged }: AmendmentActionsProps) {
  const access = useAccess();
  const allowed = caseActions(form);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reason, setReason] = useState('');
  const [archive, setArchive] = useState(false);
  const [tried, setTried] = useState(false);
  const [amend, amending] = useAmendCaseMutation();
  const [withdraw, withdrawing] = useWithdrawCaseMutation();
  if (!access.canAmendSubmittedCase || !form._id || (!allowed.amend && !allowed.withdraw)) return null;

  const open = (which: Dialog) => {
    setReason('');
    setArchive(false);
    setTried(false);
    setDialog(which);
  };
  const problem = amendmentReasonError(reason);
  const ref = { patientid: form.patientid, caseid: form._id, version: form.version };
  const onConfirm = async () => {
    setTried(true);
    if (problem) return;
    try {
      const answer =
        dialog === 'amend'
          ? await amend({ ...ref, reason: reason.trim() }).unwrap()
          : await withdraw({ ...ref, reason: reason.trim(), archive }).unwrap();
      toast.success(dialog === 'amend' ? AMENDMENT_TOASTS.reopenedForAmendment : archive ? AMENDMENT_TOASTS.withdrawnAndArchived : AMENDMENT_TOASTS.withdrawn);
      setDialog(null);
      onChanged?.(answer);
    } catch (failure) {
      toast.error(describeError(failure).message ?? 'The case could not be changed.');
    }
  };

  return (
    <>
      {allowed.amend ? (
        <Button icon={<EditOutlined aria-hidden />} onClick={() => open('amend')} aria-label={`Reopen case # ${form.caseNum} for amendment`}>
          Reopen for amendment
        </Button>
      ) : null}
      {allowed.withdraw ? (
        <Button danger icon={<RollbackOutlined aria-hidden />} onClick={() => open('withdraw')} aria-label={`Withdraw case # ${form.caseNum} from its package`}>
          Withdraw from package
        </Button>
      ) : null}
      <Modal
        open={dialog !== null}
        title={dialog === 'amend' ? `Reopen case # ${form.caseNum} for amendment` : `Withdraw case # ${form.caseNum} from package ${form.submissionId ?? ''}`}
        okText={dialog === 'amend' ? 'Reopen for amendment' : 'Withdraw'}
        okButtonProps={{ danger: dialog === 'withdraw', loading: amending.isLoading || withdrawing.isLoading }}
        onOk={() => void onConfirm()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {dialog === 'amend'
            ? 'The case opens for correction and stays in its census package. Once it is closed again, rebuild the package and submit the next version.'
            : 'The next version of the package omits this case, and the case is Closed again. Use this for a case sent in error (a duplicate, the wrong patient).'}
        </Typography.Paragraph>
        <label htmlFor="amendment-reason">Reason</label>
        <Input.TextArea
          id="amendment-reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          autoSize={{ minRows: 3 }}
          aria-describedby="amendment-reason-rule"
          status={tried && problem ? 'error' : undefined}
        />
        <Typography.Text id="amendment-reason-rule" type={tried && problem ? 'danger' : 'secondary'} role={tried && problem ? 'alert' : undefined}>
          {AMENDMENT_REASON_MESSAGE}
        </Typography.Text>
        {dialog === 'withdraw' ? (
          <div style={{ marginTop: 12 }}>
            <Checkbox checked={archive} onChange={(event) => setArchive(event.target.checked)}>
              Archive the case too
            </Checkbox>
          </div>
        ) : null}
      </Modal>
    </>
  );
}
