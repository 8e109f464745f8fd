import { NationalRoutes } from './routes.js';
// The module's endpoints join the shared API base at import time, before the first render.
import './api/national.api.js';

// @ant-design/charts is loaded lazily by the funnel plot only, when Benchmarking first draws.

/** The module's screens; createModuleLifecycles adds the store, theme, hash router and error boundary. */
export const NationalRoot = NationalRoutes;
