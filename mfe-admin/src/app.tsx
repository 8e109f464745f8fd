import React, { type ComponentClass } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { AppProps } from 'single-spa';
import { RemoteErrorBoundary, type ModuleProps } from '@pnss/web';

/** The single-spa lifecycles the shell mounts on #/admin. */
const lifecycles = singleSpaReact<ModuleProps>({
  React,
  ReactDOMClient,
  loadRootComponent: () => import('./root.js').then((module) => module.AdminRoot),
  errorBoundaryClass: RemoteErrorBoundary as ComponentClass<ModuleProps & AppProps>,
});

export const { bootstrap, mount, unmount } = lifecycles;
