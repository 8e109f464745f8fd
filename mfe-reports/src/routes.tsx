import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { REPORT_FILTERS, ReportsPage, type ReportFilter, type ReportView } from './pages/reports/index.js';
import { reportPaths } from '@pnss/web';

const DEFAULT_ROUTE = reportPaths.report('obreport', 'summary');

function ReportRoute({ view }: { view: ReportView }) {
  const { filterBy } = useParams();
  if (!REPORT_FILTERS.includes(filterBy as ReportFilter)) return <Navigate to={DEFAULT_ROUTE} replace />;
  return <ReportsPage filterBy={filterBy as ReportFilter} view={view} />;
}

/**
 * The hash routes of SPEC.md §2 this module owns: /reports/{filterBy}/summary/ and
 * /reports/{filterBy}/table, filterBy obreport or maternalMortality. To add a screen, create
 * src/pages/<screen>/index.tsx and route it here.
 */
export function ReportsRoutes() {
  return (
    <Routes>
      <Route path="/reports/:filterBy/summary" element={<ReportRoute view="summary" />} />
      <Route path="/reports/:filterBy/table" element={<ReportRoute view="table" />} />
      <Route path="/reports/*" element={<Navigate to={DEFAULT_ROUTE} replace />} />
    </Routes>
  );
}
