import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Alert, Card, Select, Skeleton, Table, Typography } from 'antd';
import type { NationalFunnelIndicator, NationalFunnelPoint } from '@pnss/libs/api';
import { formatRate, isSmallCount } from '@pnss/libs/reports';
import { LoadError } from '@pnss/web';
import { useGetNationalFunnelQuery } from '../../api/national.api.js';
import { PeriodFilter } from '../../components/period-filter.js';
import { Marked, SuppressionLegend } from '../../components/count-cell.js';
import { ExportButtons } from '../../components/export-buttons.js';
import { periodLabel } from '../../components/period.js';
import { todayLocal, useNationalFilter, type StillbirthThresholdChoice } from '../national/use-national-filter.js';
import { INDICATORS, POSITION_WORDS, indicatorOf, outlierSentences, perWords } from './funnel-view.js';

// @ant-design/charts loads here, when the funnel first draws, never with the module's entry.
const FunnelChart = lazy(() => import('../../components/funnel-chart.js'));

/** A plot that fails to draw leaves its table, which carries the same numbers. */
class PlotBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <Typography.Text type="secondary">The funnel plot could not be drawn; its numbers are in the table below.</Typography.Text> : this.props.children;
  }
}

const THRESHOLDS: ReadonlyArray<{ value: StillbirthThresholdChoice; label: string }> = [
  { value: 'international', label: 'International (WHO): 28 weeks or 1000 g' },
  { value: 'national', label: 'National cut-off' },
];

/**
 * Benchmarking (issue 29): each department's rate against the national one on a funnel plot with 95%
 * and 99.8% control limits, the outliers named in words, and the same numbers in a table (the plot's
 * accessible alternative). Events from 1 to 4 are marked in the table and the rate made from them
 * hidden, as in a published copy; the plot is for the society's staff.
 */
export function BenchmarkingTab() {
  const [filter, setFilter] = useNationalFilter();
  const indicator = indicatorOf(filter.indicator);
  const query = {
    from: filter.period.from,
    to: filter.period.to,
    indicator: filter.indicator,
    ...(indicator.perinatal ? { threshold: filter.threshold } : {}),
  };
  const { data, error, isFetching, refetch } = useGetNationalFunnelQuery(query);
  const fresh = data && data.from === query.from && data.to === query.to && data.indicator === query.indicator;
  const per = data ? perWords(data.per) : '';
  const rateTitle = data ? (data.per === 100 ? `${indicator.label} (%)` : `${indicator.label} ${per} ${indicator.denominator.toLowerCase()}`) : '';
  const sentences = data ? outlierSentences(data) : null;
  return (
    <>
      <div className="national-toolbar">
        <PeriodFilter period={filter.period} onChange={(period) => setFilter({ period })} today={todayLocal()} />
        <label className="national-field">
          <span>Indicator</span>
          <Select<NationalFunnelIndicator>
            aria-label="Indicator"
            style={{ width: 240 }}
            value={filter.indicator}
            options={INDICATORS.map((i) => ({ value: i.value, label: i.label }))}
            onChange={(value) => setFilter({ indicator: value })}
          />
        </label>
        {indicator.perinatal && (
          <label className="national-field">
            <span>Stillbirth definition</span>
            <Select<StillbirthThresholdChoice>
              aria-label="Stillbirth definition"
              style={{ width: 280 }}
              value={filter.threshold}
              options={THRESHOLDS.map((t) => ({ value: t.value, label: t.label }))}
              onChange={(value) => setFilter({ threshold: value })}
            />
          </label>
        )}
      </div>
      <Typography.Title level={3} className="national-scope">
        {indicator.label} by department, {periodLabel(filter.period)}
      </Typography.Title>
      <p className="national-definition">{indicator.definition.sentence}</p>
      {error ? (
        <LoadError error={error} title="The funnel plot could not be loaded." onRetry={() => void refetch()} />
      ) : !data || (!fresh && isFetching) ? (
        <Card size="small" aria-busy="true" aria-label="Loading the funnel plot">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : data.points.length === 0 ? (
        <Alert type="info" showIcon title="No department has counted cases in this period." />
      ) : (
        <div className="national-grid">
          <Card
            size="small"
            className="national-wide"
            title={<span id="national-funnel-title">Funnel plot: {indicator.label}</span>}
            extra={<ExportButtons table="funnel" name="the funnel table" query={{ ...query }} />}
          >
            <div className="national-rate" role="status">
              <span>
                National rate: <strong>{data.nationalRate === null ? '-' : formatRate(data.nationalRate)}</strong> {per === '%' ? '%' : `${per} ${indicator.denominator.toLowerCase()}`} (
                {data.nationalEvents.toLocaleString('en-US')} in {data.nationalDenominator.toLocaleString('en-US')})
              </span>
            </div>
            <p className="national-outliers">
              <strong>{sentences?.outliers}</strong> {sentences?.watch}
            </p>
            <div aria-hidden="true" className="national-plot">
              <PlotBoundary>
                <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 360 }} />}>
                  <FunnelChart answer={data} rateTitle={rateTitle} denominatorTitle={indicator.denominator} />
                </Suspense>
              </PlotBoundary>
            </div>
            <p className="national-definition">
              Control limits: {data.model === 'poisson' ? 'exact Poisson' : 'exact binomial'} around the national rate, at 95% (about two standard deviations) and 99.8% (about three).
              A department is an outlier only beyond the 99.8% limits.
            </p>
          </Card>
          <Card size="small" className="national-wide" title={<span id="national-funnel-table-title">Departments against the national rate</span>}>
            <FunnelTable points={data.points} />
            <SuppressionLegend />
          </Card>
        </div>
      )}
    </>
  );
}

function FunnelTable({ points }: { points: NationalFunnelPoint[] }) {
  return (
    <Table<NationalFunnelPoint>
      size="small"
      pagination={false}
      rowKey="departmentId"
      aria-labelledby="national-funnel-table-title"
      scroll={{ x: 'max-content' }}
      dataSource={[...points].sort((a, b) => b.denominator - a.denominator)}
      rowClassName={(p) => (p.position998 !== 'inside' ? 'national-outlier' : '')}
      columns={[
        { title: 'Department', dataIndex: 'departmentId', key: 'department' },
        { title: 'Events', key: 'events', align: 'right', render: (_: unknown, p) => (isSmallCount(p.events) ? <Marked mark="small" /> : p.events.toLocaleString('en-US')) },
        { title: 'Denominator', key: 'denominator', align: 'right', render: (_: unknown, p) => p.denominator.toLocaleString('en-US') },
        { title: 'Rate', key: 'rate', align: 'right', render: (_: unknown, p) => (isSmallCount(p.events) ? <Marked mark="hidden" /> : formatRate(p.rate)) },
        { title: 'Against the 95% limits', key: 'p95', render: (_: unknown, p) => POSITION_WORDS[p.position95] },
        { title: 'Against the 99.8% limits', key: 'p998', render: (_: unknown, p) => (p.position998 === 'inside' ? 'Within' : <strong>{POSITION_WORDS[p.position998]}: outlier</strong>) },
      ]}
    />
  );
}
