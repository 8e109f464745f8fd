import { HashRouter } from 'react-router-dom';
import { PlatformProviders, RemoteErrorBoundary, type ModuleProps } from '@pnss/web';
import { AdminRoutes } from './routes.js';

// Inject this module's slices and endpoints here, at import time, so they exist before the
// first render: `import './api/accounts.api.js'`.

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
