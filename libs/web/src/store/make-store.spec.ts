import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { makeStore, rootReducer } from './make-store.js';
import { sessionStarted } from '../session/session.slice.js';
import { saveSession } from '../session/session-storage.js';

const notesSlice = createSlice({
  name: 'notes',
  initialState: { items: [] as string[] },
  reducers: {
    added(state, action: { payload: string }) {
      state.items.push(action.payload);
    },
  },
  selectors: { selectItems: (state) => state.items },
});

declare module './make-store.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof notesSlice> {}
}

describe('makeStore', () => {
  it('a module injects its slice into the shared root reducer after the store exists', () => {
    const store = makeStore();
    const injected = notesSlice.injectInto(rootReducer);
    expect(injected.selectors.selectItems(store.getState())).toEqual([]);
    store.dispatch(notesSlice.actions.added('first'));
    expect(injected.selectors.selectItems(store.getState())).toEqual(['first']);
    expect(store.getState().notes?.items).toEqual(['first']);
  });

  it('starts from the stored session, so a reload keeps the user signed in', () => {
    saveSession('t0k3n', { _id: 'u1', firstname: 'A', lastname: 'B', username: 'ab', role: 'r', permissions: ['get_patients'] });
    const store = makeStore();
    expect(store.getState().session).toMatchObject({ signedIn: true, permissions: ['get_patients'] });
  });

  it('takes a preloaded state, and the session slice follows sign-in', () => {
    const store = makeStore({ session: { signedIn: false, user: null, permissions: [] } });
    store.dispatch(sessionStarted({ _id: 'u2', firstname: 'C', lastname: 'D', username: 'cd', role: 'r', permissions: ['access_admin'] }));
    expect(store.getState().session).toMatchObject({ signedIn: true, permissions: ['access_admin'] });
  });
});
