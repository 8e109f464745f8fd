import { addErrorHandler, registerApplication, unloadApplication } from 'single-spa';
import { hasSession, type AppStore } from '@pnss/web';
import { isRemoteActive, type RegisteredRemote, type RouteRegistry } from '../routing/route-registry.js';
import { moduleHost } from './module-hosts.js';
import {
  errorPanelLifecycles,
  guardedLifecycles,
  isModuleLifecycles,
  loadFailureDetail,
  type ModuleLifecycles,
  type PanelOptions,
} from './module-lifecycles.js';

export interface ModuleLoader {
  /** Resolves with what the module exposes as './app'. */
  load: (remoteName: string) => Promise<unknown>;
}

/** Retry: single-spa unmounts the panel, forgets the module and loads it again. */
function retry(remoteName: string): void {
  unloadApplication(remoteName).catch((error: unknown) => console.error(`Retrying ${remoteName} failed`, error));
}

function panelFor(remote: Pick<RegisteredRemote, 'name' | 'label'>): PanelOptions {
  return { label: remote.label, onRetry: () => retry(remote.name) };
}

async function loadLifecycles(remote: RegisteredRemote, loader: ModuleLoader): Promise<ModuleLifecycles> {
  const panel = panelFor(remote);
  try {
    const exposed = await loader.load(remote.name);
    const lifecycles = isModuleLifecycles(exposed) ? exposed : (exposed as { default?: unknown } | null)?.default;
    if (isModuleLifecycles(lifecycles)) return guardedLifecycles(lifecycles, panel);
    console.error(`${remote.name}/app does not expose single-spa lifecycles`);
  } catch (error) {
    // The one place a module that cannot be loaded (manifest, chunks, or a shared version it
    // refuses) becomes its error panel; the retry plugin has already tried again.
    console.error(`${remote.name} could not be loaded`, error);
    return errorPanelLifecycles({ ...panel, detail: loadFailureDetail(error) });
  }
  return errorPanelLifecycles(panel);
}

/**
 * One single-spa application per module of remotes.json, active on that module's hash routes
 * (the same registry the side navigation reads) and only while someone is signed in.
 */
export function registerModules(registry: RouteRegistry, store: AppStore, loader: ModuleLoader): void {
  addErrorHandler((error) => console.error('A module failed', error));
  for (const remote of registry.remotes) {
    registerApplication({
      name: remote.name,
      app: () => loadLifecycles(remote, loader),
      activeWhen: (location) => hasSession() && isRemoteActive(registry, remote.name, location.hash),
      customProps: { store, domElement: moduleHost(remote.name) },
    });
  }
}

