import { act, screen } from '@testing-library/react';
import { api, makeStore } from '@pnss/web';
import { mockApi } from '@pnss/web/testing';
import { bootstrap, mount, unmount } from './app.js';

beforeEach(() => {
  const empty = { body: { items: [], count: 0, offset: 0 } };
  mockApi({ 'GET /api/patients': empty, 'GET /api/patientcases': empty });
});

async function mountAt(hash: string) {
  window.location.hash = hash;
  // jsdom announces the hash change in a later task; let it pass before React listens.
  await new Promise((resolve) => setTimeout(resolve, 10));
  const domElement = document.createElement('div');
  document.body.appendChild(domElement);
  const props = { name: 'mfe_cases', store: makeStore(), api, domElement, singleSpa: {}, mountParcel: jest.fn() };
  await bootstrap(props);
  // Mount resolves once React has committed, so the render is flushed by a synchronous act.
  let mounted: Promise<unknown> = Promise.resolve();
  act(() => {
    mounted = mount(props);
  });
  await mounted;
  return { props, domElement };
}

describe('the cases module lifecycles', () => {
  it('mounts the Patients screen on #/patients and unmounts cleanly', async () => {
    const { props, domElement } = await mountAt('#/patients');
    expect(await screen.findByRole('heading', { name: 'Patients' })).toBeInTheDocument();
    let unmounted: Promise<unknown> = Promise.resolve();
    act(() => {
      unmounted = unmount(props);
    });
    await unmounted;
    expect(domElement).toBeEmptyDOMElement();
  });

  it('shows the Cases screen on #/cases, a deep link to New Patient, and the cases root for an unknown path', async () => {
    const { props } = await mountAt('#/cases');
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
    let unmounted: Promise<unknown> = Promise.resolve();
    act(() => {
      unmounted = unmount(props);
    });
    await unmounted;
  });
});
