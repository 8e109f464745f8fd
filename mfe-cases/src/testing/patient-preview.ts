import { screen } from '@testing-library/react';
import type { CaseForm } from '@pnss/libs/api';
import { mockApi, type MockedApi, type MockRoutes } from '@pnss/web/testing';
import { aPatient, page } from './render-module.js';

/** The patient preview's answers: an empty patient list, patient p1 with `cases`, and `extra` routes. */
export function servePatientPreview(cases: CaseForm[], extra: MockRoutes = {}): MockedApi {
  return mockApi({
    'GET /api/patients': page([]),
    'GET /api/patients/p1': { body: aPatient() },
    'GET /api/patients/p1/cases': { body: cases },
    ...extra,
  });
}

/**
 * The dialog titled `title`. By text, not by name: rc-util gives every id 'test-id' under jest,
 * so aria-labelledby cannot tell two dialogs apart here (a browser gets unique ids).
 */
export async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}

/** The card of case `caseNum` on the patient preview. */
export async function caseCard(caseNum: string): Promise<HTMLElement> {
  return screen.findByRole('article', { name: `Case # ${caseNum}` });
}
