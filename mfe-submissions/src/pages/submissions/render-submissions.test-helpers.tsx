import { MemoryRouter } from 'react-router-dom';
import type { CensusPackage, ClosedCaseItem } from '@pnss/libs/api';
import { LocationProbe, mockApi, renderWithProviders, requestBody, type MockRoutes } from '@pnss/web/testing';
import { SubmissionsRoutes } from '../../routes.js';

/** The module's routes at `path`, for a user holding `permissions`, against a mocked server. */
export function renderSubmissions(path: string, permissions: readonly string[], routes: MockRoutes) {
  const server = mockApi(routes);
  const view = renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <SubmissionsRoutes />
      <LocationProbe />
    </MemoryRouter>,
    {
      preloadedState: {
        session: {
          signedIn: true,
          user: { _id: 'me', firstname: 'Cora', lastname: 'Census', username: 'cora', role: 'census_officer', permissions: [] },
          permissions: [...permissions],
        },
      },
    },
  );
  return { ...view, server };
}

/** The body of the latest `call` the mocked server took. */
export function bodyOf(server: ReturnType<typeof mockApi>, call: string): Promise<unknown> {
  return requestBody(server, call, { last: true });
}

export function closedCase(overrides: Partial<ClosedCaseItem> & Record<string, unknown> = {}): ClosedCaseItem {
  return {
    _id: 'c1',
    caseNum: 'PCRN-001',
    admissionDate: '2026-11-01',
    dischargeDate: '2026-11-05',
    patientid: { _id: 'p1', firstName: 'Liza', middleName: null, lastName: 'Soberano', birthDate: '1998-01-12' },
    approved: false,
    caseType: 'maternalfetalcase',
    pregnancyType: 1,
    deliveryManner: 1,
    motherCondition: 1,
    infantsNumber: 1,
    livebirthCount: 1,
    ...overrides,
  } as ClosedCaseItem;
}

export function censusPackage(overrides: Partial<CensusPackage> = {}): CensusPackage {
  return {
    _id: 'k1',
    submissionId: 'S20261120-ABCDEF',
    departmentId: 'DEPT',
    startDate: '2026-11-01',
    endDate: '2026-11-15',
    numOfCases: 2,
    version: 1,
    status: 'pending',
    fileName: 'PNSS-DEPT-S20261120-ABCDEF-v1.zip',
    builtAt: '2026-11-20T08:00:00.000Z',
    builtBy: 'cora',
    createdAt: '2026-11-20T08:00:00.000Z',
    building: false,
    progress: 100,
    uploadId: null,
    sha256: 'ab'.repeat(32),
    size: 1234,
    lastError: null,
    sentAt: null,
    changedCases: 0,
    rebuildNotice: null,
    needsResubmission: false,
    amendments: [],
    amendingCases: [],
    amendmentRefusal: null,
    versions: [],
    lastBuild: null,
    ...overrides,
  };
}
