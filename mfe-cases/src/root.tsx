import { HashRouter } from 'react-router-dom';
import { PlatformProviders, RemoteErrorBoundary, type ModuleProps } from '@pnss/web';
import { CasesRoutes } from './routes.js';
import { ModuleStyles } from './components/module-styles.js';
// The module's endpoints join the shared API base at import time, before the first render.
import './api/patients.api.js';
import './api/cases.api.js';
import './state/list-state.slice.js';

export function CasesRoot({ store }: ModuleProps) {
  return (
    <PlatformProviders store={store}>
      <RemoteErrorBoundary title="Patients and Cases stopped working.">
        <ModuleStyles />
        <HashRouter>
          <CasesRoutes />
        </HashRouter>
      </RemoteErrorBoundary>
    </PlatformProviders>
  );
}
