import { Tabs, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { reportPaths } from '@pnss/web';
import { ReportStyles } from '../../components/report-styles.js';
import { SummaryView } from './summary.js';
import { TableView } from './table.js';

export const REPORT_FILTERS = ['obreport', 'maternalMortality'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];
export type ReportView = 'summary' | 'table';

const TABS: Array<{ key: ReportView; label: string }> = [
  { key: 'summary', label: 'Summary' },
  { key: 'table', label: 'Table' },
];

const REPORTS: Array<{ key: ReportFilter; label: string }> = [
  { key: 'obreport', label: 'OB Report' },
  { key: 'maternalMortality', label: 'Maternal Mortality' },
];

/** SPEC.md §2 Reports: tabs Summary and Table for the chosen report; the filter rides along in the URL. */
export function ReportsPage({ filterBy, view }: { filterBy: ReportFilter; view: ReportView }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <section aria-labelledby="reports-title" className="report-page">
      <ReportStyles />
      <div className="no-print" style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography.Title level={2} id="reports-title" style={{ marginBottom: 8 }}>
          Reports
        </Typography.Title>
        <Tabs
          aria-label="Report"
          activeKey={filterBy}
          onChange={(key) => navigate(reportPaths.report(key as ReportFilter, view) + search)}
          items={REPORTS.map(({ key, label }) => ({ key, label }))}
          type="card"
          size="small"
        />
      </div>
      <Tabs
        activeKey={view}
        onChange={(key) => navigate(reportPaths.report(filterBy, key as ReportView) + search)}
        items={TABS.map(({ key, label }) => ({
          key,
          label,
          children: key === view ? (view === 'summary' ? <SummaryView filterBy={filterBy} /> : <TableView />) : null,
        }))}
      />
    </section>
  );
}
