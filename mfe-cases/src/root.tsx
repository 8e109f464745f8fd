import { HashRouter } from 'react-router-dom';
import { PlatformProviders, RemoteErrorBoundary, type ModuleProps } from '@pnss/web';
import { CasesRoutes } from './routes.js';
// The module's endpoints join the shared API base at import time, before the first render.
import './api/patients.api.js';
import './api/cases.api.js';

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
