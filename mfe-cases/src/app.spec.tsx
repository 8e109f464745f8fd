import { act, screen } from '@testing-library/react';
import { mockApi, mountModuleAt } from '@pnss/web/testing';
import * as lifecycles from './app.js';

beforeEach(() => {
  const empty = { body: { items: [], count: 0, offset: 0 } };
  mockApi({ 'GET /api/patients': empty, 'GET /api/patientcases': empty });
});

const mountAt = (hash: string) => mountModuleAt(lifecycles, hash, { name: 'mfe_cases' });

describe('the cases module lifecycles', () => {
  it('mounts the Patients screen on #/patients and unmounts cleanly', async () => {
    const mounted = await mountAt('#/patients');
    expect(await screen.findByRole('heading', { name: 'Patients' })).toBeInTheDocument();
    await mounted.unmount();
    expect(mounted.domElement).toBeEmptyDOMElement();
  });

  it('shows the Cases screen on #/cases, a deep link to New Patient, and the cases root for an unknown path', async () => {
    const mounted = await mountAt('#/cases');
    expect(await screen.findByRole('heading', { name: 'Cases' })).toBeInTheDocument();
    await act(async () => {
      window.location.hash = '#/newpatient';
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(await screen.findByRole('heading', { name: 'New Patient' })).toBeInTheDocument();
    await act(async () => {
      window.location.hash = '#/patients/p1/no/such/screen';
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(await screen.findByRole('heading', { name: 'Cases' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/cases');
    await mounted.unmount();
  });
});
