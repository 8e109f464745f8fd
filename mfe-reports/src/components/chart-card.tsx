import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Card, Empty, Skeleton, Table, Typography } from 'antd';
import type { ReportChart } from '@pnss/libs/api';
import { reportChartView, SUPPRESSION_NOTE } from '@pnss/libs/reports';

// @ant-design/charts is loaded here, when a summary first draws, never by the other modules.
const ChartPlot = lazy(() => import('./charts.js'));

/** A plot that fails to draw leaves its table, which carries the same numbers. */
class PlotBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <Typography.Text type="secondary">The chart could not be drawn; its numbers are in the table below.</Typography.Text> : this.props.children;
  }
}

export interface ChartCardProps {
  chart: ReportChart;
  suppress: boolean;
}

/** One summary chart with the table a screen reader reads (the plot itself is hidden from it). */
/** Above this many segments, those without any case are left out of the plot and its table. */
const LONG_LIST = 10;

export function ChartCard({ chart: full, suppress }: ChartCardProps) {
  const long = full.segments.length > LONG_LIST;
  const chart = long ? { ...full, segments: full.segments.filter((s) => s.count > 0) } : full;
  const view = reportChartView(chart, suppress);
  const titleId = `chart-${chart.name}`;
  const empty = chart.total === 0;
  return (
    <Card
      className={long ? 'report-chart-card report-chart-wide' : 'report-chart-card'}
      title={<span id={titleId}>{chart.title}</span>}
      size="small"
      extra={<Typography.Text type="secondary">{empty ? 'No cases' : `${view.total.count} ${view.total.count === '1' ? 'case' : 'cases'}`}</Typography.Text>}
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
        Counts {chart.counts}.{long && ` ${full.title} with no case in the range are left out.`}
      </Typography.Paragraph>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No cases in this range" />
      ) : (
        <>
          <div aria-hidden="true" className="report-plot">
            <PlotBoundary>
              <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 160 }} />}>
                <ChartPlot chart={chart} suppress={suppress} />
              </Suspense>
            </PlotBoundary>
          </div>
          <Table
            className="report-chart-table"
            size="small"
            pagination={false}
            aria-labelledby={titleId}
            rowKey="name"
            dataSource={[...view.rows, view.total]}
            columns={[
              { title: chart.title, dataIndex: 'label', key: 'label', render: (v: string, r) => (r.name === 'Total' ? <strong>{v}</strong> : v) },
              { title: 'Cases', dataIndex: 'count', key: 'count', align: 'right', width: 80 },
              { title: '%', dataIndex: 'percent', key: 'percent', align: 'right', width: 70 },
            ]}
          />
          {suppress && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{SUPPRESSION_NOTE}</Typography.Text>}
        </>
      )}
    </Card>
  );
}
