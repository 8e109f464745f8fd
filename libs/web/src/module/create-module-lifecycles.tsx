import React, { type ComponentType } from 'react';
import ReactDOMClient from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import singleSpaReact from 'single-spa-react';
import type { AppProps } from 'single-spa';
import { PlatformProviders, type ModuleProps } from './platform-providers.js';
import { RemoteErrorBoundary } from '../components/remote-error-boundary.js';

export interface ModuleDefinition {
  /**
   * The module's screens: its `<Routes>` and anything drawn once beside them. The module file
   * that defines it injects the module's endpoints and slices at import time, before any render.
   */
  Root: ComponentType;
  /** What the error panel says when a screen of the module throws, e.g. 'Reports stopped working.' */
  title: string;
}

export type ModuleLifecycleProps = ModuleProps & AppProps;

/** bootstrap, mount and unmount, as the shell's single-spa calls them. */
export interface ModuleLifecycles {
  bootstrap: (props: ModuleLifecycleProps) => Promise<unknown>;
  mount: (props: ModuleLifecycleProps) => Promise<unknown>;
  unmount: (props: ModuleLifecycleProps) => Promise<unknown>;
}

/**
 * The single-spa lifecycles a module exposes as './app', the same for every module: the shell's
 * store and the platform theme around a hash router, inside one error boundary that keeps a
 * failing screen inside the module's area with a Retry.
 */
export function createModuleLifecycles({ Root, title }: ModuleDefinition): ModuleLifecycles {
  function ModuleRoot({ store }: ModuleLifecycleProps) {
    return (
      <PlatformProviders store={store}>
        <RemoteErrorBoundary title={title}>
          <HashRouter>
            <Root />
          </HashRouter>
        </RemoteErrorBoundary>
      </PlatformProviders>
    );
  }
  const { bootstrap, mount, unmount } = singleSpaReact<ModuleProps>({
    React,
    ReactDOMClient,
    rootComponent: ModuleRoot,
    // The boundary is RemoteErrorBoundary inside the providers, so its panel wears the theme.
    suppressComponentDidCatchWarning: true,
  });
  return { bootstrap, mount, unmount };
}
