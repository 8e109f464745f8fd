import { HashRouter } from 'react-router-dom';
import { PlatformProviders, RemoteErrorBoundary, type ModuleProps } from '@pnss/web';
import { CasesRoutes } from './routes.js';

// Inject this module's slices and endpoints here, at import time, so they exist before the
// first render: `rootReducer.inject(patientsSlice)`, `import './api/patients.api.js'`.

export function CasesRoot({ store }: ModuleProps) {
  return (
    <PlatformProviders store={store}>
      <RemoteErrorBoundary title="Patients and Cases stopped working.">
        <HashRouter>
          <CasesRoutes />
        </HashRouter>
      </RemoteErrorBoundary>
    </PlatformProviders>
  );
}
