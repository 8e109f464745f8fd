import { CasesRoutes } from './routes.js';
import { ModuleStyles } from './components/module-styles.js';
// The module's endpoints join the shared API base at import time, before the first render.
import './api/patients.api.js';
import './api/cases.api.js';
import './api/queries.api.js';
import './api/worklists.api.js';
import './state/list-state.slice.js';

/** The module's screens; createModuleLifecycles adds the store, theme, hash router and error boundary. */
export function CasesRoot() {
  return (
    <>
      <ModuleStyles />
      <CasesRoutes />
    </>
  );
}
