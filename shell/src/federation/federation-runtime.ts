import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RegisteredRemote } from '../routing/route-registry.js';
import { retryPlugin } from './retry.plugin.js';

/** The name the shell's build gives its federation container (see webpack.config.js). */
export const SHELL_FEDERATION_NAME = 'pnss_shell';

/**
 * Tells the federation runtime where each module's manifest lives. The shell's build names no
 * remote: publishing a module means changing its URL in remotes.json.
 */
export function initFederation(remotes: RegisteredRemote[]): void {
  init({
    name: SHELL_FEDERATION_NAME,
    remotes: [],
    // A module that still fails after the retries shows its error panel: registerModules catches it.
    plugins: [retryPlugin()],
  });
  registerRemotes(
    remotes.map((remote) => ({ name: remote.name, entry: new URL(remote.entry, document.baseURI).href })),
  );
}

/** A module's exposed './app': its single-spa lifecycles. */
export function loadModuleApp(remoteName: string): Promise<unknown> {
  return loadRemote<unknown>(`${remoteName}/app`);
}
