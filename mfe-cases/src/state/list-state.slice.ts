import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { CaseListFilter, CaseViewFilter, PatientListTag } from '@pnss/libs/api';
import { rootReducer } from '@pnss/web';

/** The patients list as the user left it (SPEC.md §2: lists keep their filters and scroll position). */
export interface PatientsListState {
  search: string;
  tag: PatientListTag;
  cases: 'all' | 'ob' | 'gyne';
  /** 'YYYY-MM-DD' or null. */
  fromdate: string | null;
  todate: string | null;
  scrollY: number;
}

export interface CasesListState {
  search: string;
  tag: CaseViewFilter;
  cases: CaseListFilter;
  fromdate: string | null;
  todate: string | null;
  scrollY: number;
}

export interface ListState {
  patients: PatientsListState;
  cases: CasesListState;
}

export type ListName = keyof ListState;
export type PatientsFilters = Omit<PatientsListState, 'scrollY'>;
export type CasesFilters = Omit<CasesListState, 'scrollY'>;

export const initialListState: ListState = {
  patients: { search: '', tag: 'allPatients', cases: 'all', fromdate: null, todate: null, scrollY: 0 },
  cases: { search: '', tag: 'openCase', cases: 'all', fromdate: null, todate: null, scrollY: 0 },
};

export const listStateSlice = createSlice({
  name: 'casesModuleLists',
  initialState: initialListState,
  reducers: {
    patientsFiltersChanged(state, action: PayloadAction<Partial<PatientsFilters>>) {
      // New filters show a new list, which starts at its top.
      state.patients = { ...state.patients, ...action.payload, scrollY: 0 };
    },
    casesFiltersChanged(state, action: PayloadAction<Partial<CasesFilters>>) {
      state.cases = { ...state.cases, ...action.payload, scrollY: 0 };
    },
    listScrollSaved(state, action: PayloadAction<{ list: ListName; scrollY: number }>) {
      state[action.payload.list].scrollY = action.payload.scrollY;
    },
  },
  selectors: {
    selectPatientsList: (state) => state.patients,
    selectCasesList: (state) => state.cases,
  },
});

declare module '@pnss/web' {
  // Declaration merging is how a module adds its slice to the platform's RootState.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof listStateSlice> {}
}

/** Injected at import, before any screen of the module renders. */
export const injectedListState = listStateSlice.injectInto(rootReducer);

export const { patientsFiltersChanged, casesFiltersChanged, listScrollSaved } = listStateSlice.actions;
export const { selectPatientsList, selectCasesList } = injectedListState.selectors;
