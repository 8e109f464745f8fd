import { Tag } from 'antd';
import type { CaseStatus } from '@pnss/libs/rules';

const STATUS_COLORS: Record<CaseStatus, string> = { Open: 'green', Closed: 'default', Submitted: 'purple', Amending: 'orange' };

/** SPEC.md §2: Open, Closed, or Submitted (closed with a submissionId); issue 30: Amending (reopened for amendment). */
export function CaseStatusTag({ status }: { status: CaseStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{status}</Tag>;
}
