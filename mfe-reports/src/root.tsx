import { ReportsRoutes } from './routes.js';

// Inject this module's slices and endpoints here, at import time, so they exist before the
// first render. Load @ant-design/charts lazily inside the summary page: it is about 410 KB gzip.

/** The module's screens; createModuleLifecycles adds the store, theme, hash router and error boundary. */
export const ReportsRoot = ReportsRoutes;
