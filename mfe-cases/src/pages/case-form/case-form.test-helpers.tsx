import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlatformProviders, makeStore } from '@pnss/web';
import { emptyCaseForm, type CaseForm } from '@pnss/libs/api';
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

/** An OB case (primary caesarean, one live infant) that passes every close rule of SPEC.md §5. */
export function closableCase(overrides: Partial<CaseForm> = {}): CaseForm {
  return {
    ...emptyCaseForm('p1', 'PCRN-001'),
    _id: 'c1',
    caseFormType: 1, isPregnancy: true, isGyne: false,
    admissionDate: '2026-11-10', dischargeDate: '2026-11-14', age: 36, weight: 65, height: 160, bmi: 25.39,
    pcosHistory: false,
    obscoreG: 2, obscoreP: 1, obscoreFT: 1, obscorePr: 0, obscoreAb: 0, obscoreLB: 1,
    complicatedPregnancy: false, isPostpartum: false,
    admissionAOGType: 1, admissionWeeks: 39, admissionDays: 2, admissionAOG: 6,
    pregnancyType: 1, isDelivered: true, institutionalDelivery: 1, infantsNumber: 1, isTOLAC: false,
    deliveryDate: '2026-11-11', deliveryAOGType: 1, deliveryWeeks: 39, deliveryDays: 3, deliveryAOG: 6,
    deliveryManner: 1, primaryRepeat: 1, incision: 1, CSBilateralSalpingectomy: false, CSBTL: false,
    deliveryIndication: [101], isInduced: false,
    previousCaesareans: 0, laborOnset: 3, fetalPresentation: 1,
    morbidities: [{ conditionId: 1601, categoryId: 16 }],
    neonatal: [{
      status: 1, anomalies: false, anomalyOthers: null, pediatricAge: 39, pediatricWeight: 3200, pediatricHeight: 50,
      apgar1m: 8, apgar5m: 9, injury: 8, causeofdeath: null, specificcause: null,
    }],
    MIGSSurgeon: 3, MIGSAssist: 3,
    motherCondition: 1,
    version: 3,
    ...overrides,
  };
}
