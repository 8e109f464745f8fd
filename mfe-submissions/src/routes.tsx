import { Navigate, Route, Routes } from 'react-router-dom';
// The module's endpoints join the platform's API base before the first render.
import './api/submissions.api.js';
import './api/quality.api.js';
import { SubmissionsPage } from './pages/submissions/index.js';
import { submissionPaths } from '@pnss/web';

/**
 * The hash routes of SPEC.md §2 this module owns: the Cases tab (optional case type), the Census
 * Packages tab and its Create Submission overlay, and the society hub's tab.
 */
export function SubmissionsRoutes() {
  return (
    <Routes>
      <Route path="/submissions" element={<Navigate to={submissionPaths.cases} replace />} />
      <Route path="/submissions/cases/:casetype?" element={<SubmissionsPage tab="cases" />} />
      <Route path="/submissions/census" element={<SubmissionsPage tab="census" />} />
      <Route path="/submissions/census/package/:submissionid" element={<SubmissionsPage tab="census" overlay />} />
      <Route path="/submissions/quality" element={<SubmissionsPage tab="quality" />} />
      <Route path="/submissions/hub" element={<SubmissionsPage tab="hub" />} />
      <Route path="/submissions/*" element={<Navigate to={submissionPaths.cases} replace />} />
    </Routes>
  );
}
