import { Navigate, Route, Routes } from 'react-router-dom';
import { SubmissionsPage } from './pages/submissions/index.js';

/**
 * The hash routes of SPEC.md §2 this module owns. To add a screen, create
 * src/pages/<screen>/index.tsx and route it here (or inside SubmissionsPage's tabs);
 * /submissions/census/package/:submissionid is the Create Submission overlay.
 */
export function SubmissionsRoutes() {
  return (
    <Routes>
      <Route path="/submissions" element={<Navigate to="/submissions/cases" replace />} />
      <Route path="/submissions/cases/:casetype?" element={<SubmissionsPage tab="cases" />} />
      <Route path="/submissions/census/*" element={<SubmissionsPage tab="census" />} />
      <Route path="/submissions/*" element={<Navigate to="/submissions/cases" replace />} />
    </Routes>
  );
}
