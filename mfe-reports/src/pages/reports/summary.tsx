import { Alert, Card, Skeleton, Typography } from 'antd';
import { pluralize } from '@pnss/libs/format';
import { HIDDEN_TOTAL_TEXT, isSmallCount, suppressedCount } from '@pnss/libs/reports';
import type { ReportFilterBy, ReportSummaryAnswer } from '@pnss/libs/api';
import { LoadError } from '@pnss/web';
import { useGetReportSummaryQuery } from '../../api/reports.api.js';
import { ChartCard } from '../../components/chart-card.js';
import { ExportControls } from '../../components/export-controls.js';
import { RangeFilter } from '../../components/range-filter.js';
import { SuppressionSwitch } from '../../components/suppression-switch.js';
import { useReportFilter } from '../../components/use-report-filter.js';
import { MmrPanel } from '../../components/classifications/mmr-panel.js';
import { PerinatalPanel } from '../../components/classifications/perinatal-panel.js';
import { RobsonPanel } from '../../components/classifications/robson-panel.js';
import { NationalComparison } from '../../components/national-comparison.js';

const TITLES: Record<ReportFilterBy, string> = { obreport: 'OB Report', maternalMortality: 'Maternal Mortality' };

function MortalityRate({ answer, suppress }: { answer: ReportSummaryAnswer; suppress: boolean }) {
  const rate = answer.rate;
  if (!rate) return null;
  const small = suppress && isSmallCount(rate.deaths);
  const rateText = small ? HIDDEN_TOTAL_TEXT : rate.rate === 0 ? '-' : `${rate.rate}%`;
  const mothers = rate.deaths + rate.alive;
  return (
    <Card size="small" title="Maternal Mortality Rate" className="report-chart-card">
      <div className="report-rate">
        <span className="report-rate-value" aria-label={`Maternal mortality rate ${rateText}`}>{rateText}</span>
        <span>
          {suppressedCount(rate.deaths, suppress)} {pluralize(rate.deaths, 'death')} over {small ? HIDDEN_TOTAL_TEXT : mothers}{' '}
          {pluralize(mothers, 'mother')} discharged dead or alive ({rate.alive} alive)
        </span>
      </div>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 0' }}>
        Deaths over dead plus alive, as a whole percent.
      </Typography.Paragraph>
    </Card>
  );
}

/** SPEC.md §2 Reports, Summary: the charts of the chosen report for the range in the URL. */
export function SummaryView({ filterBy }: { filterBy: ReportFilterBy }) {
  const [filter, setFilter] = useReportFilter();
  const { data, error, isFetching, refetch } = useGetReportSummaryQuery({ view: filterBy, range: filter.range });
  const fresh = data && data.view === filterBy && data.from === filter.range.from && data.to === filter.range.to;
  return (
    <div className="report-printable">
      <Typography.Title level={3} className="report-print-title">
        {TITLES[filterBy]}: {filter.range.from} to {filter.range.to}
      </Typography.Title>
      <div className="report-toolbar">
        <RangeFilter range={filter.range} onChange={(range) => setFilter({ range })} />
        <div className="no-print" style={{ display: 'flex', flexDirection: 'column', gap: 8, alignItems: 'flex-start' }}>
          <SuppressionSwitch suppress={filter.suppress} onChange={(suppress) => setFilter({ suppress })} />
          <ExportControls request={{ range: filter.range, view: filterBy }} suppress={filter.suppress} onPrint={() => window.print()} />
        </div>
      </div>
      {error ? (
        <LoadError error={error} title="The report could not be loaded." onRetry={() => void refetch()} />
      ) : !data || (!fresh && isFetching) ? (
        <div className="report-charts" aria-busy="true" aria-label="Loading the report">
          {[1, 2, 3, 4].map((i) => (
            <Card key={i} size="small"><Skeleton active paragraph={{ rows: 5 }} /></Card>
          ))}
        </div>
      ) : (
        <>
          {data.charts.every((c) => c.total === 0) && !(data.rate && data.rate.deaths + data.rate.alive > 0) && (
            <Alert type="info" showIcon style={{ marginBottom: 16 }} title="No counted cases in this range" description="Choose another range: only closed, not archived cases discharged between FROM and TO are counted." />
          )}
          <div className="report-charts" aria-live="polite">
            <MortalityRate answer={data} suppress={filter.suppress} />
            <MmrPanel answer={data} suppress={filter.suppress} />
            {data.charts.map((chart) => (
              <ChartCard key={chart.name} chart={chart} suppress={filter.suppress} />
            ))}
            <PerinatalPanel answer={data} suppress={filter.suppress} />
            {filterBy === 'obreport' && <RobsonPanel range={filter.range} suppress={filter.suppress} />}
            <NationalComparison range={filter.range} />
          </div>
        </>
      )}
    </div>
  );
}
