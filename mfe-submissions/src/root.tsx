import { HashRouter } from 'react-router-dom';
import { PlatformProviders, RemoteErrorBoundary, type ModuleProps } from '@pnss/web';
import { SubmissionsRoutes } from './routes.js';

// Inject this module's slices and endpoints here, at import time, so they exist before the
// first render: `rootReducer.inject(submissionsSlice)`, `import './api/submissions.api.js'`.

export function SubmissionsRoot({ store }: ModuleProps) {
  return (
    <PlatformProviders store={store}>
      <RemoteErrorBoundary title="Submissions stopped working.">
        <HashRouter>
          <SubmissionsRoutes />
        </HashRouter>
      </RemoteErrorBoundary>
    </PlatformProviders>
  );
}
