import { Button, Tag, Tooltip } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { caseStatus } from '@pnss/libs/rules';
import type { CaseListEntry } from '../../api/cases.api.js';
import { ageLabel, ageToday, caseTypeLabel, formatDate, fullName } from '../../format/display.js';
import { CaseStatusTag } from '../../components/case-tags.js';
import { casePaths } from '@pnss/web';

interface CaseListItemProps {
  item: CaseListEntry;
  /** Shows the button to the case-information screen. */
  canEditInfo: boolean;
  /** Said after the row's age and dates, e.g. how long the case has been open (a worklist). */
  note?: string;
  /** The list × on the case form returns to, when not the Cases list (a worklist's path). */
  backTo?: string;
}

/** The case's age on admission, or the patient's age today while it has no admission date. */
function caseAge(item: CaseListEntry): number | null {
  return item.age ?? ageToday(item.birthDate);
}

/** The patient's full name as the row shows it: the server's, or made from the name parts. */
export function rowPatientName(item: CaseListEntry): string {
  const given = item.patientName?.trim();
  return given || fullName(item);
}

/**
 * One case: its number, the patient's full name, an Archived pill and the age (SPEC.md §2). The row is a link to the case
 * form, so Enter opens it; the case-information button sits beside the link, not inside it.
 */
export function CaseListItem({ item, canEditInfo, note, backTo }: CaseListItemProps) {
  const navigate = useNavigate();
  const admitted = formatDate(item.admissionDate);
  const type = caseTypeLabel(item);
  return (
    <li style={{ display: 'flex', alignItems: 'center' }}>
      <Link
        to={casePaths.caseForm(item.patientid, item._id)}
        // × on the case form comes back here, to the list as it was left (SPEC.md §2).
        state={backTo ? { from: 'worklist', back: backTo } : { from: 'cases' }}
        className="pnss-cases-row"
        style={{ flex: 1, minWidth: 0 }}
      >
        <span className="pnss-cases-row-main">
          <span className="pnss-cases-row-title">
            Case # {item.caseNum}
            <span className="pnss-cases-row-patient"> · {rowPatientName(item)}</span>
          </span>
          <span className="pnss-cases-row-meta">
            {ageLabel(caseAge(item))}
            {admitted ? ` · Admitted ${admitted}` : ''}
            {type ? ` · ${type}` : ''}
            {note ? ` · ${note}` : ''}
          </span>
        </span>
        <span className="pnss-cases-row-tags">
          {item.isArchived ? <Tag color="default">Archived</Tag> : null}
          <CaseStatusTag status={caseStatus(item)} />
        </span>
      </Link>
      {canEditInfo && !item.isClose ? (
        <Tooltip title="Edit case information">
          <Button
            type="text"
            icon={<EditOutlined aria-hidden />}
            aria-label={`Edit case information of case # ${item.caseNum}`}
            onClick={() => navigate(casePaths.caseInfo(item._id))}
          />
        </Tooltip>
      ) : null}
    </li>
  );
}
