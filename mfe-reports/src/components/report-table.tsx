import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReportTableAnswer } from '@pnss/libs/api';
import { PERCENTAGE_RULE, SUPPRESSION_NOTE, reportTableView, type ReportTableViewRow, type ReportValueMode } from '@pnss/libs/reports';

/** SPEC.md §9: table column width 140 px. */
export const REPORT_COLUMN_WIDTH = 140;

export interface ReportTableProps {
  answer: ReportTableAnswer;
  mode: ReportValueMode;
  suppress: boolean;
}

interface Row extends ReportTableViewRow {
  key: string;
  isTotal: boolean;
}

/**
 * The report table of SPEC.md §2: a row per segment of the row category, a column per segment of
 * the column category, a Total column and a Total row; zero or 0% shows as '-'.
 */
export function ReportTable({ answer, mode, suppress }: ReportTableProps) {
  const view = reportTableView(answer, mode, suppress);
  const data: Row[] = [
    ...view.rows.map((r) => ({ ...r, key: r.name, isTotal: false })),
    { ...view.totalRow, key: '__total', isTotal: true },
  ];
  const cellStyle = (row: Row) => (row.isTotal ? { fontWeight: 600 } : undefined);
  const columns: ColumnsType<Row> = [
    {
      title: view.rowTitle,
      dataIndex: 'label',
      key: 'label',
      fixed: 'left',
      width: 220,
      render: (label: string, row) => (row.isTotal ? <strong>{label}</strong> : label),
    },
    ...view.columns.map((column, index) => ({
      title: column.label,
      key: `c-${column.name}`,
      width: REPORT_COLUMN_WIDTH,
      align: 'right' as const,
      onCell: (row: Row) => ({ style: cellStyle(row) }),
      render: (_: unknown, row: Row) => row.cells[index],
    })),
    {
      title: 'Total',
      key: 'total',
      width: REPORT_COLUMN_WIDTH,
      align: 'right',
      onCell: () => ({ style: { fontWeight: 600 } }),
      render: (_: unknown, row: Row) => row.total,
    },
  ];
  const caption = `${answer.category.label}${answer.cross ? ` by ${answer.cross.label}` : ''}, ${answer.from} to ${answer.to}${
    mode === 'percentage' ? ' (percentages)' : ''
  }`;
  return (
    <div className="report-table">
      <Table<Row>
        size="small"
        bordered
        pagination={false}
        columns={columns}
        dataSource={data}
        scroll={{ x: 'max-content' }}
        tableLayout="fixed"
        title={() => <Typography.Text strong>{caption}</Typography.Text>}
        rowClassName={(row) => (row.isTotal ? 'report-total-row' : '')}
      />
      {mode === 'percentage' && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {PERCENTAGE_RULE}
        </Typography.Paragraph>
      )}
      {answer.category.name === 'csindication' || answer.cross?.name === 'csindication' ? (
        <Typography.Paragraph type="secondary">
          A caesarean section with several indications counts under each of them; the totals count each case once.
        </Typography.Paragraph>
      ) : null}
      {suppress && <Typography.Paragraph type="secondary">{SUPPRESSION_NOTE}</Typography.Paragraph>}
    </div>
  );
}
