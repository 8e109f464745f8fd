import { Button, Card, Flex, Tag, Typography } from 'antd';
import { CheckCircleOutlined, EditOutlined, UndoOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import type { CaseForm } from '@pnss/libs/api';
import { caseActions, caseStatus } from '@pnss/libs/rules';
import { useAccess, casePaths } from '@pnss/web';
import { AmendmentActions } from '../../components/amendment-actions.js';
import { CaseStatusTag } from '../../components/case-tags.js';
import { CaseHistoryLink } from '../../components/case-history-link.js';
import { ClosedCaseSummary, OpenCaseDetails } from './case-details.js';

interface CaseCardProps {
  form: CaseForm;
  onClose: (form: CaseForm) => void;
  onReopen: (form: CaseForm) => void;
}

/**
 * One case of the preview (SPEC.md §2): 'Case #' and its status tag, Admitted and the room while
 * there is no discharge date, Close or Reopen, and the case's details (a summary once closed).
 */
export function CaseCard({ form, onClose, onReopen }: CaseCardProps) {
  const access = useAccess();
  const navigate = useNavigate();
  const status = caseStatus(form);
  const actions = caseActions(form);
  const casePath = casePaths.caseForm(form.patientid, form._id ?? '');
  const titleId = `case-card-${form._id}`;

  const buttons = [
    <Button key="open" icon={<EditOutlined aria-hidden />} onClick={() => navigate(casePath)} aria-label={`${actions.readOnly ? "View" : "Edit"} case # ${form.caseNum}`}>
      {actions.readOnly ? 'View' : 'Edit'}
    </Button>,
    ...(actions.close && access.canCloseCase
      ? [
          <Button key="close" icon={<CheckCircleOutlined aria-hidden />} onClick={() => onClose(form)} aria-label={`Close case # ${form.caseNum}`}>
            Close
          </Button>,
        ]
      : []),
    // libs caseActions: a submitted case belongs to a census package: only reopened for amendment or withdrawn.
    ...(actions.reopen && access.canReopenCase
      ? [
          <Button key="reopen" icon={<UndoOutlined aria-hidden />} onClick={() => onReopen(form)} aria-label={`Reopen case # ${form.caseNum}`}>
            Reopen
          </Button>,
        ]
      : []),
  ];

  return (
    <Card
      size="small"
      role="article"
      aria-labelledby={titleId}
      title={
        <Link to={casePath} id={titleId} className="pnss-cases-card-title">
          Case # {form.caseNum}
        </Link>
      }
      extra={
        <Flex gap={4} wrap justify="flex-end">
          {form.isArchived ? <Tag>Archived</Tag> : null}
          <CaseStatusTag status={status} />
        </Flex>
      }
      style={{ marginBottom: 12 }}
    >
      {!form.dischargeDate ? (
        <Flex gap={6} align="center" style={{ marginBottom: 4 }}>
          <Tag color="blue" style={{ margin: 0 }}>
            Admitted
          </Tag>
          <Typography.Text className="pnss-quiet-text">{form.room ? `Room ${form.room}` : 'No room recorded'}</Typography.Text>
        </Flex>
      ) : null}
      {status === 'Submitted' ? (
        <Typography.Paragraph className="pnss-quiet-text" style={{ margin: '4px 0' }}>
          Submitted in a census package: it is corrected only by reopening it for amendment, with a reason.
        </Typography.Paragraph>
      ) : null}
      {status === 'Amending' ? (
        <Typography.Paragraph className="pnss-quiet-text" style={{ margin: '4px 0' }}>
          Reopened for amendment: still in census package {form.submissionId}. Close it again, then rebuild and submit the package.
        </Typography.Paragraph>
      ) : null}
      {form.isClose ? <ClosedCaseSummary form={form} /> : <OpenCaseDetails form={form} />}
      <Flex gap={8} wrap style={{ marginTop: 12 }}>
        {buttons}
        <AmendmentActions form={form} />
        {form._id && form.patientid && access.canViewCase ? <CaseHistoryLink patientid={form.patientid} caseid={form._id} caseNum={form.caseNum} /> : null}
      </Flex>
    </Card>
  );
}
