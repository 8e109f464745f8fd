import { HashRouter } from 'react-router-dom';
import { PlatformProviders, RemoteErrorBoundary, type ModuleProps } from '@pnss/web';
import { AdminRoutes } from './routes.js';
// The module's endpoints join the shared API base at import time, before the first render.
import './api/accounts.api.js';
import './api/roles.api.js';

export function AdminRoot({ store }: ModuleProps) {
  return (
    <PlatformProviders store={store}>
      <RemoteErrorBoundary title="Admin stopped working.">
        <HashRouter>
          <AdminRoutes />
        </HashRouter>
      </RemoteErrorBoundary>
    </PlatformProviders>
  );
}
