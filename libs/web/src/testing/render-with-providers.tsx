import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore, type AppStore, type RootState } from '../store/make-store.js';
import { PlatformProviders } from '../module/platform-providers.js';
import { ToastHost } from '../toast/toast.js';

export interface ProvidersOptions extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
}

/** Renders real components under the platform's store, theme and toasts (redux-essentials pattern). */
export function renderWithProviders(ui: ReactElement, { preloadedState, store, ...options }: ProvidersOptions = {}) {
  const usedStore = store ?? makeStore(preloadedState);
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <PlatformProviders store={usedStore}>
        <ToastHost />
        {children}
      </PlatformProviders>
    );
  }
  return { store: usedStore, user: userEvent.setup(), ...render(ui, { wrapper: Wrapper, ...options }) };
}
