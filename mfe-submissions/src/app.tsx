import React, { type ComponentClass } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { AppProps } from 'single-spa';
import { RemoteErrorBoundary, type ModuleProps } from '@pnss/web';

type LifecycleProps = ModuleProps & AppProps;

/** The single-spa lifecycles the shell mounts on #/submissions. */
const lifecycles = singleSpaReact<ModuleProps>({
  React,
  ReactDOMClient,
  // single-spa-react types the root as taking possibly-undefined props; the shell always passes them.
  loadRootComponent: () =>
    import('./root.js').then(({ SubmissionsRoot }) => (props?: LifecycleProps) => (props ? <SubmissionsRoot store={props.store} api={props.api} /> : null)),
  // The boundary reads only its own props (title, onRetry); single-spa-react passes it the app's.
  errorBoundaryClass: RemoteErrorBoundary as unknown as ComponentClass<LifecycleProps>,
});

export const { bootstrap, mount, unmount } = lifecycles;
