import { Navigate, Route, Routes } from 'react-router-dom';
import { NationalPage } from './pages/national/index.js';
import { FiguresTab } from './pages/figures/index.js';
import { BenchmarkingTab } from './pages/benchmarking/index.js';
import { CompletenessTab } from './pages/completeness/index.js';
import { IngestTab } from './pages/ingest/index.js';
import { nationalPaths } from '@pnss/web';

/**
 * The society hub's national census (issue 29), on #/national: the figures of a period, the
 * departments on a funnel plot, which departments submitted which months, and the ingest of the
 * received packages. The period and the department are kept in the URL's query, so a view can be shared.
 */
export function NationalRoutes() {
  return (
    <Routes>
      <Route path="/national" element={<NationalPage />}>
        <Route index element={<Navigate to={nationalPaths.figures} replace />} />
        <Route path="figures" element={<FiguresTab />} />
        <Route path="benchmarking" element={<BenchmarkingTab />} />
        <Route path="completeness" element={<CompletenessTab />} />
        <Route path="ingest" element={<IngestTab />} />
        <Route path="*" element={<Navigate to={nationalPaths.figures} replace />} />
      </Route>
    </Routes>
  );
}
