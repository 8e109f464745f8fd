import { Card, Skeleton, Table, Typography } from 'antd';
import type { ReportChart, RobsonReportAnswer } from '@pnss/libs/api';
import { SUPPRESSION_NOTE, robsonTableView, type ReportRange } from '@pnss/libs/reports';
import { LoadError, ScrollRegion } from '@pnss/web';
import { useGetRobsonReportQuery } from '../../api/classifications.api.js';
import { ChartCard } from '../chart-card.js';
import { ExportControls } from '../export-controls.js';

/** The caesareans of each group as a chart: its percentages are the relative contributions. */
function caesareansByGroup(answer: RobsonReportAnswer): ReportChart {
  return {
    name: 'robsonCaesareans',
    title: 'Caesarean sections by Robson group',
    kind: 'column',
    segments: answer.rows.map((r) => ({ name: r.group, label: r.label, count: r.caesareans })),
    total: answer.total.caesareans,
    counts: 'caesarean sections by the Robson group of the woman; each percentage is the group\'s relative contribution to all caesareans',
  };
}

/**
 * The Robson Ten-Group Classification (WHO) of the range: WHO's table (group size and share, the
 * caesareans and the caesarean rate within the group, the absolute and relative contribution, and the
 * women not classifiable), its chart, and its export.
 */
export function RobsonPanel({ range, suppress }: { range: ReportRange; suppress: boolean }) {
  const { data, error, isFetching, refetch } = useGetRobsonReportQuery(range);
  const fresh = data && data.from === range.from && data.to === range.to;
  if (error) return <LoadError error={error} title="The Robson report could not be loaded." onRetry={() => void refetch()} />;
  if (!data || (!fresh && isFetching)) {
    return <Card size="small" className="report-chart-wide" aria-busy="true" aria-label="Loading the Robson report"><Skeleton active paragraph={{ rows: 6 }} /></Card>;
  }
  const view = robsonTableView(data, suppress);
  return (
    <>
      <Card
        size="small"
        className="report-chart-card report-chart-wide"
        title={<span id="robson-title">Robson Ten-Group Classification (WHO)</span>}
        extra={<ExportControls request={{ range, robson: true }} suppress={suppress} />}
      >
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>Counts {data.counts}</Typography.Paragraph>
        <ScrollRegion labelledBy="robson-title">
          <Table
            className="report-chart-table"
            size="small"
            pagination={false}
            aria-labelledby="robson-title"
            rowKey="key"
            dataSource={[
              ...view.rows.map((r, i) => ({ key: r.group, cells: r.cells, definition: data.rows[i]?.definition ?? '' })),
              { key: 'Total', cells: view.total, definition: 'All women who gave birth' },
            ]}
            columns={view.header.map((title, c) => ({
              title,
              key: String(c),
              align: c === 0 ? undefined : ('right' as const),
              render: (_: unknown, row: { key: string; cells: string[]; definition: string }) => (c === 0
                ? <span title={row.definition}>{row.key === 'Total' ? <strong>{row.cells[0]}</strong> : row.cells[0]}</span>
                : row.cells[c]),
            }))}
          />
        </ScrollRegion>
        {suppress && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{SUPPRESSION_NOTE}</Typography.Text>}
      </Card>
      <ChartCard chart={caesareansByGroup(data)} suppress={suppress} />
    </>
  );
}
