import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { act, configure, screen } from '@testing-library/react';
import type { CaseForm, Patient, PatientListItem, SessionUser } from '@pnss/libs/api';
import { emptyCaseForm } from '@pnss/libs/api';
import { ALL_PERMISSIONS, type PermissionName } from '@pnss/libs/permissions';
import { makeStore } from '@pnss/web';
import { LocationProbe, renderWithProviders } from '@pnss/web/testing';
import '../api/patients.api.js';
import '../api/cases.api.js';
import '../state/list-state.slice.js';
import { CasesRoutes } from '../routes.js';
import type { CaseListEntry } from '../api/cases.api.js';

let navigateInTest: NavigateFunction | null = null;

function NavigateProbe() {
  navigateInTest = useNavigate();
  return null;
}

/** Changes the address without a reload, as a pasted link or the browser's back and forward do. */
export function changeAddress(path: string): void {
  if (!navigateInTest) throw new Error('changeAddress needs renderModuleAt');
  const navigate = navigateInTest;
  act(() => {
    void navigate(path);
  });
}

/** The path the module's router is at. */
export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/** The signed-in user of the module tests. */
export function aSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return { _id: 'u1', firstname: 'Rosa', lastname: 'Lim', username: 'rlim', role: 'Resident', permissions: [...ALL_PERMISSIONS], ...overrides };
}

/** The module's routes at `path`, signed in as `user` with `permissions` (all by default), on the real store. */
export function renderModuleAt(
  path: string,
  { permissions = ALL_PERMISSIONS, user = aSessionUser() }: { permissions?: readonly PermissionName[]; user?: SessionUser } = {},
) {
  const store = makeStore({ session: { signedIn: true, user, permissions: [...permissions] } });
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <CasesRoutes />
      <LocationProbe hidden />
      <NavigateProbe />
    </MemoryRouter>,
    { store },
  );
}

export function aPatient(overrides: Partial<Patient> = {}): Patient {
  return {
    _id: 'p1',
    patientid: 'p1',
    firstName: 'Maria',
    middleName: 'Santos',
    lastName: 'Dela Cruz',
    avatar: null,
    birthDate: '1990-03-15',
    pediatricConfirmed: false,
    hasOpenCase: true,
    isAdmitted: true,
    medicalHistory: [],
    obstetricHistory: [],
    version: 3,
    ...overrides,
  };
}

export function aPatientListItem(overrides: Partial<PatientListItem> = {}): PatientListItem {
  const { _id, patientid, firstName, middleName, lastName, avatar, birthDate, hasOpenCase } = aPatient();
  return { _id, patientid, firstName, middleName, lastName, avatar, birthDate, hasOpenCase, isAdmitted: true, ...overrides };
}

export function aCase(overrides: Partial<CaseForm> = {}): CaseForm {
  return { ...emptyCaseForm('p1', 'PCRN-001'), _id: 'c1', version: 2, ...overrides };
}

export function aCaseListEntry(overrides: Partial<CaseListEntry> = {}): CaseListEntry {
  return {
    _id: 'c1',
    caseNum: 'PCRN-001',
    patientid: 'p1',
    caseFormType: 1,
    isPregnancy: true,
    isGyne: false,
    isClose: false,
    isArchived: false,
    submissionId: null,
    admissionDate: '2026-01-10',
    dischargeDate: null,
    age: 35,
    birthDate: '1990-03-15',
    firstName: 'Maria',
    middleName: null,
    lastName: 'Santos',
    version: 1,
    updatedAt: '2026-01-10T08:00:00.000Z',
    ...overrides,
  };
}

export function page<T>(items: T[], count = items.length, offset = 0) {
  return { body: { items, count, offset } };
}

// antd's real components render slowly in jsdom on a shared two-core machine.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(60_000);
