import { MemoryRouter, useLocation } from 'react-router-dom';
import { configure, screen } from '@testing-library/react';
import type { CaseForm, Patient, PatientListItem } from '@pnss/libs/api';
import { emptyCaseForm } from '@pnss/libs/api';
import { ALL_PERMISSIONS, type PermissionName } from '@pnss/libs/permissions';
import { makeStore } from '@pnss/web';
import { renderWithProviders } from '@pnss/web/testing';
import '../api/patients.api.js';
import '../api/cases.api.js';
import '../state/list-state.slice.js';
import { CasesRoutes } from '../routes.js';
import type { CaseListEntry } from '../api/cases.api.js';

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname}
    </output>
  );
}

/** The path the module's router is at. */
export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/** The module's routes at `path`, signed in with `permissions` (all by default), on the real store. */
export function renderModuleAt(path: string, { permissions = ALL_PERMISSIONS }: { permissions?: readonly PermissionName[] } = {}) {
  const store = makeStore({ session: { signedIn: true, user: null, permissions: [...permissions] } });
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <CasesRoutes />
      <LocationProbe />
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
