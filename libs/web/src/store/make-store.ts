import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from '../api/api-base.js';
import { sessionSlice } from '../session/session.slice.js';

/**
 * Slices a module adds at run time. A module declares its own through declaration merging:
 * `declare module '@pnss/web' { interface LazyLoadedSlices extends WithSlice<typeof casesSlice> {} }`
 * and injects it with `rootReducer.inject(casesSlice)` before it renders.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(api, sessionSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
