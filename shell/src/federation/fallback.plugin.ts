import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Builds what stands in for a module that could not be loaded: lifecycles that draw its error panel. */
export type FallbackFactory = (remoteName: string, error: unknown) => unknown;

/**
 * When a module cannot be loaded, loadRemote answers with a stand-in (its error panel with
 * Retry) instead of failing, so single-spa mounts the panel in the module's area and the
 * shell and other modules carry on.
 */
export function fallbackPlugin(createFallback: FallbackFactory): ModuleFederationRuntimePlugin {
  return {
    name: 'pnss-fallback',
    async errorLoadRemote({ id, error, lifecycle }) {
      // Other stages expect a manifest or a share, not a module; they fail on to 'onLoad'.
      if (lifecycle !== 'onLoad') return undefined;
      const remoteName = id.split('/')[0] ?? id;
      console.error(`Module ${remoteName} could not be loaded`, error);
      return createFallback(remoteName, error);
    },
  };
}
