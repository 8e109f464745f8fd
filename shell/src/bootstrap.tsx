import { createRoot } from 'react-dom/client';
import { makeStore } from '@pnss/web';
import { ShellApp } from './shell-app.js';
import { readShellConfig } from './config/shell-config.js';
import { buildRouteRegistry, type RouteRegistry } from './routing/route-registry.js';
import { fetchRemotesConfig } from './federation/remotes-config.js';
import { initFederation, loadModuleApp } from './federation/federation-runtime.js';
import { registerModules } from './federation/register-modules.js';
import { startModules } from './federation/start-modules.js';
import { registerServiceWorker } from './offline/register-service-worker.js';

async function startShell(): Promise<void> {
  const store = makeStore();
  const config = readShellConfig();
  let registry: RouteRegistry = buildRouteRegistry({ remotes: [] });
  let configError: string | null = null;
  try {
    registry = buildRouteRegistry(await fetchRemotesConfig());
    initFederation(registry.remotes);
    registerModules(registry, store, { load: loadModuleApp });
  } catch (error) {
    console.error('The module list could not be read', error);
    configError = error instanceof Error ? error.message : String(error);
  }

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(<ShellApp store={store} registry={registry} config={config} configError={configError} />);
  startModules(registry);
  registerServiceWorker();
}

void startShell();
