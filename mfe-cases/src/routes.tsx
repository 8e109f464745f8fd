import { Navigate, Route, Routes } from 'react-router-dom';
import { PatientsPage } from './pages/patients/index.js';
import { PatientPreviewPage } from './pages/patient-preview/index.js';
import { PatientFormPage } from './pages/patient-form/index.js';
import { CasesPage } from './pages/cases/index.js';
import { CaseInfoPage } from './pages/case-info/index.js';
import { CaseFormPage } from './pages/case-form/index.js';
import { CaseHistoryPage } from './pages/case-history/index.js';
import { CASE_HISTORY_ROUTE } from './pages/case-history/case-history-path.js';
import { casePaths } from '@pnss/web';
import { WorklistPage, WorklistsIndex } from './pages/worklists/index.js';

/**
 * The hash routes of SPEC.md §2 this module owns. The patient preview is a child of the patients
 * list, so the list stays mounted beside or under it. The case form's two routes are its own, and
 * so is a case's History screen (issues 30, 31; beyond SPEC.md).
 */
export function CasesRoutes() {
  return (
    <Routes>
      <Route path="/patients/:patientid/case/:caseid" element={<CaseFormPage />} />
      <Route path={CASE_HISTORY_ROUTE} element={<CaseHistoryPage />} />
      <Route path="/patients/:patientid/newcase" element={<CaseFormPage />} />
      <Route path="/patients" element={<PatientsPage />}>
        <Route path=":patientid" element={<PatientPreviewPage />} />
        <Route path=":patientid/profile" element={<PatientPreviewPage />} />
      </Route>
      <Route path="/patients/:patientid/edit" element={<PatientFormPage mode="edit" />} />
      <Route path="/patients/:patientid/personalinformation" element={<PatientFormPage mode="edit" />} />
      <Route path="/newpatient" element={<PatientFormPage mode="new" />} />
      <Route path="/newpatientcase" element={<CaseInfoPage />} />
      <Route path="/cases" element={<CasesPage />} />
      <Route path="/cases/:caseid/info" element={<CaseInfoPage />} />
      <Route path="/cases/worklists" element={<WorklistsIndex />} />
      <Route path="/cases/worklists/:list" element={<WorklistPage />} />
      <Route path="*" element={<Navigate to={casePaths.cases} replace />} />
    </Routes>
  );
}
