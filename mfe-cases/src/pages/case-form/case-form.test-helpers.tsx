import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlatformProviders, makeStore } from '@pnss/web';
import { emptyCaseForm, type CaseForm } from '@pnss/libs/api';
import { closableObCase } from '@pnss/libs/testing';
import { CaseFormStore } from './state/case-form.store.js';
import { CaseFormProvider } from './state/case-form.context.js';

export const TEST_TODAY = '2026-11-21';
export const TEST_BIRTH_DATE = '1995-03-04';

export function makeCaseStore(overrides: Partial<CaseForm> = {}, birthDate: string | null = TEST_BIRTH_DATE): CaseFormStore {
  return new CaseFormStore(
    { ...emptyCaseForm('patient-1', 'C-0001'), _id: 'case-1', version: 1, ...overrides },
    { patientBirthDate: birthDate, today: () => TEST_TODAY },
  );
}

/** Renders part of the form on a store, as the form page does, with the real antd controls. */
export function renderOnStore(ui: ReactElement, store: CaseFormStore, readOnly = false) {
  const user = userEvent.setup();
  const result = render(
    <PlatformProviders store={makeStore()}>
      <CaseFormProvider store={store} readOnly={readOnly}>
        {ui}
      </CaseFormProvider>
    </PlatformProviders>,
  );
  return { user, store, ...result };
}

/** The element of a field by its data-field path. */
export function fieldOf(container: HTMLElement, path: string): HTMLElement | null {
  return container.querySelector<HTMLElement>(`[data-field="${path}"]`);
}

/**
 * An OB case (primary caesarean, one live infant) that passes every close rule of SPEC.md §5: the
 * libs fixture (closableObCase, which the rule and API tests use too) under this module's ids.
 */
export function closableCase(overrides: Partial<CaseForm> = {}): CaseForm {
  return closableObCase({ patientid: 'p1', caseNum: 'PCRN-001', _id: 'c1', age: 36, ...overrides });
}
