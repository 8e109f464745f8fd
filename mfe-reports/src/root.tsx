import { HashRouter } from 'react-router-dom';
import { PlatformProviders, RemoteErrorBoundary, type ModuleProps } from '@pnss/web';
import { ReportsRoutes } from './routes.js';

// Inject this module's slices and endpoints here, at import time, so they exist before the
// first render. Load @ant-design/charts lazily inside the summary page: it is about 410 KB gzip.

export function ReportsRoot({ store }: ModuleProps) {
  return (
    <PlatformProviders store={store}>
      <RemoteErrorBoundary title="Reports stopped working.">
        <HashRouter>
          <ReportsRoutes />
        </HashRouter>
      </RemoteErrorBoundary>
    </PlatformProviders>
  );
}
