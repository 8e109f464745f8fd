import { Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';

export const REPORT_FILTERS = ['obreport', 'maternalMortality'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];
export type ReportView = 'summary' | 'table';

const TABS: Array<{ key: ReportView; label: string }> = [
  { key: 'summary', label: 'Summary' },
  { key: 'table', label: 'Table' },
];

function pathOf(filterBy: ReportFilter, view: ReportView): string {
  return view === 'summary' ? `/reports/${filterBy}/summary/` : `/reports/${filterBy}/table`;
}

/** SPEC.md §2 Reports: tabs Summary and Table for the chosen report. */
export function ReportsPage({ filterBy, view }: { filterBy: ReportFilter; view: ReportView }) {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="reports-title">
      <Typography.Title level={2} id="reports-title">
        Reports
      </Typography.Title>
      <Tabs
        activeKey={view}
        onChange={(key) => navigate(pathOf(filterBy, key as ReportView))}
        items={TABS.map(({ key, label }) => ({ key, label }))}
      />
    </section>
  );
}
