import { Route, Routes } from 'react-router-dom';
import { PatientsPage } from './pages/patients/index.js';
import { CasesPage } from './pages/cases/index.js';

/**
 * The hash routes of SPEC.md §2 this module owns. To add a screen, create
 * src/pages/<screen>/index.tsx and give it its route here; the overlay routes
 * (/patients/:patientid/edit, /patients/:patientid/case/:caseid, /newpatient, ...)
 * then replace the patients catch-all below with their own elements.
 */
export function CasesRoutes() {
  return (
    <Routes>
      <Route path="/patients/*" element={<PatientsPage />} />
      <Route path="/newpatient" element={<PatientsPage />} />
      <Route path="/newpatientcase" element={<PatientsPage />} />
      <Route path="/cases/*" element={<CasesPage />} />
    </Routes>
  );
}
