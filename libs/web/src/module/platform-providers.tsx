import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { App as AntApp, ConfigProvider } from 'antd';
import type { AppStore } from '../store/make-store.js';
import { pnssTheme } from './theme.js';

/**
 * What the shell hands every module through single-spa customProps: its one store, which already
 * carries the shared API base (`api` from `@pnss/web` is the same singleton everywhere).
 */
export interface ModuleProps {
  store: AppStore;
}

/** The providers every React root of the platform renders under: the shared store and theme. */
export function PlatformProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ConfigProvider theme={pnssTheme}>
        <AntApp component={false}>{children}</AntApp>
      </ConfigProvider>
    </Provider>
  );
}
