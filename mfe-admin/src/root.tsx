import { AdminRoutes } from './routes.js';
// The module's endpoints join the shared API base at import time, before the first render.
import './api/accounts.api.js';
import './api/roles.api.js';

/** The module's screens; createModuleLifecycles adds the store, theme, hash router and error boundary. */
export const AdminRoot = AdminRoutes;
