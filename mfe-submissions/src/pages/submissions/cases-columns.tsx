import { Alert, Checkbox, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { CaseQualityView, ClosedCaseItem, SubmissionCaseType } from '@pnss/libs/api';
import { CODE_TABLES, type CodeTable } from '@pnss/libs/enums';
import { MATERNAL_DEATH_CAUSES } from '@pnss/libs/lookups';
import { codeLabel } from '@pnss/libs/submissions';
import { formatDate } from '../../components/format.js';
import { PatientCell } from '../../components/patient-cell.js';
import { CaseQualityCell } from './case-quality-cell.js';

/** A closed case of the Cases tab, with its type's own columns. */
export type ClosedCaseRow = ClosedCaseItem & Record<string, unknown>;

const coded = (table: CodeTable | typeof MATERNAL_DEATH_CAUSES, field: string) => (row: ClosedCaseRow) => codeLabel(table, row[field] as number | null) || '-';

/** The per-type columns of SPEC.md §2, between the dates and Approve. */
const TYPE_COLUMNS: Record<SubmissionCaseType, Array<{ title: string; key: string; render: (row: ClosedCaseRow) => string | number }>> = {
  maternalfetalcase: [
    { title: 'Delivery', key: 'deliveryManner', render: coded(CODE_TABLES.deliveryManner, 'deliveryManner') },
    { title: 'Mother Condition', key: 'motherCondition', render: coded(CODE_TABLES.motherCondition, 'motherCondition') },
    { title: 'No of Infants', key: 'infantsNumber', render: (row) => (row.infantsNumber as number | null) ?? '-' },
    { title: 'Livebirth', key: 'livebirthCount', render: (row) => (row.livebirthCount as number | null) ?? 0 },
  ],
  gynecase: [
    { title: 'Gyne Organ', key: 'gyneOrgan', render: coded(CODE_TABLES.gyneOrgan, 'gyneOrgan') },
    { title: 'Organ Condition', key: 'organCondition', render: coded(CODE_TABLES.tumorClass, 'organCondition') },
  ],
  maternalmortalitycase: [
    { title: 'Antecedent Cause', key: 'antecedentCause', render: coded(MATERNAL_DEATH_CAUSES, 'antecedentCause') },
    // SPEC.md §2 names this column 'Immediate Case'.
    { title: 'Immediate Case', key: 'immediateCause', render: coded(CODE_TABLES.causeOfDeath, 'immediateCause') },
  ],
  gtdcase: [
    { title: 'GTD Diagnosis', key: 'gtdDiagnosis', render: coded(CODE_TABLES.gtdDiagnosis, 'gtdDiagnosis') },
    { title: 'GTD Complication', key: 'gtdComplication', render: coded(CODE_TABLES.gtdComplication, 'gtdComplication') },
  ],
};

export interface ClosedCaseColumnsProps {
  caseType: SubmissionCaseType | null;
  rows: ClosedCaseRow[];
  approvedIds: string[];
  /** The role may approve and no approval is being saved. */
  canApprove: boolean;
  approving: boolean;
  qualityOf: (caseId: string) => CaseQualityView | undefined;
  onApprove: (caseIds: string[], approved: boolean) => void;
}

/**
 * The Cases tab's columns (SPEC.md §2): Case No with its correction, the patient (maternal fetal
 * and all types), the dates, the type's own columns, the case's quality (issue 31) and Approve,
 * one box a case and one for the page.
 */
export function closedCaseColumns({ caseType, rows, approvedIds, canApprove, approving, qualityOf, onApprove }: ClosedCaseColumnsProps): ColumnsType<ClosedCaseRow> {
  const allApproved = rows.length > 0 && approvedIds.length === rows.length;
  const typeColumns = caseType ? TYPE_COLUMNS[caseType] : [];
  return [
    {
      title: 'Case No', dataIndex: 'caseNum', key: 'caseNum',
      render: (value: string, row: ClosedCaseRow) => (
        <Space orientation="vertical" size={2}>
          <Typography.Text strong>{value}</Typography.Text>
          {row.correction ? <Alert type="warning" showIcon title={row.correction} style={{ maxWidth: 320 }} /> : null}
        </Space>
      ),
    },
    ...(caseType === 'maternalfetalcase' || caseType === null
      ? [{ title: 'Patient', key: 'patient', render: (_: unknown, row: ClosedCaseRow) => <PatientCell patient={row.patientid} /> }]
      : []),
    { title: 'Admission Date', dataIndex: 'admissionDate', key: 'admissionDate', render: formatDate },
    { title: 'Discharge Date', dataIndex: 'dischargeDate', key: 'dischargeDate', render: formatDate },
    ...typeColumns.map((column) => ({ title: column.title, key: column.key, render: (_: unknown, row: ClosedCaseRow) => column.render(row) })),
    { title: 'Quality', key: 'quality', render: (_: unknown, row: ClosedCaseRow) => <CaseQualityCell quality={qualityOf(row._id)} /> },
    {
      key: 'approve',
      align: 'center',
      // Always in view: at 1366 px the type's columns pushed it behind the sideways scroll (issue 25 item 9).
      fixed: 'right',
      title: (
        <Checkbox
          checked={allApproved}
          indeterminate={approvedIds.length > 0 && !allApproved}
          disabled={!canApprove || rows.length === 0 || approving}
          onChange={(event) => onApprove(rows.map((row) => row._id), event.target.checked)}
          aria-label="Approve all cases on this page"
        >
          {caseType === 'maternalfetalcase' ? 'Approved' : 'Approve'}
        </Checkbox>
      ),
      render: (_: unknown, row: ClosedCaseRow) => (
        <span onClick={(event) => event.stopPropagation()}>
          <Checkbox
            checked={row.approved === true}
            disabled={!canApprove || approving}
            onChange={(event) => onApprove([row._id], event.target.checked)}
            aria-label={`Approve case ${row.caseNum}`}
          />
        </span>
      ),
    },
  ];
}
