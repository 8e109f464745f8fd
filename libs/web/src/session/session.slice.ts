import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionUser } from '@pnss/libs/api';
import { getStoredPermissions, getStoredUser, hasSession } from './session-storage.js';

export interface SessionState {
  signedIn: boolean;
  user: SessionUser | null;
  permissions: string[];
}

/** The store mirrors local storage, so the navigation and the modules re-render when it changes. */
export const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => ({
    signedIn: hasSession(),
    user: getStoredUser(),
    permissions: getStoredPermissions(),
  }),
  reducers: {
    sessionStarted(_state, action: PayloadAction<SessionUser>) {
      return { signedIn: true, user: action.payload, permissions: [...(action.payload.permissions ?? [])] };
    },
    sessionEnded() {
      return { signedIn: false, user: null, permissions: [] };
    },
  },
  selectors: {
    selectSignedIn: (state) => state.signedIn,
    selectSessionUser: (state) => state.user,
    selectPermissions: (state) => state.permissions,
  },
});

export const { sessionStarted, sessionEnded } = sessionSlice.actions;
export const { selectSignedIn, selectSessionUser, selectPermissions } = sessionSlice.selectors;
