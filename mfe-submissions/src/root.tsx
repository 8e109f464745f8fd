import { SubmissionsRoutes } from './routes.js';

// Inject this module's slices and endpoints here, at import time, so they exist before the
// first render: `rootReducer.inject(submissionsSlice)`, `import './api/submissions.api.js'`.

/** The module's screens; createModuleLifecycles adds the store, theme, hash router and error boundary. */
export const SubmissionsRoot = SubmissionsRoutes;
