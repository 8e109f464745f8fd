import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, makeStore } from '@pnss/web';
import { bootstrap, mount, unmount } from './app.js';

async function mountAt(hash: string) {
  window.location.hash = hash;
  // jsdom announces the hash change in a later task; let it pass before React listens.
  await new Promise((resolve) => setTimeout(resolve, 10));
  const domElement = document.createElement('div');
  document.body.appendChild(domElement);
  const props = { name: 'mfe_reports', store: makeStore(), api, domElement, singleSpa: {}, mountParcel: jest.fn() };
  await bootstrap(props);
  // Mount resolves once React has committed, so the render is flushed by a synchronous act.
  let mounted: Promise<unknown> = Promise.resolve();
  act(() => {
    mounted = mount(props);
  });
  await mounted;
  return props;
}

async function unmountModule(props: Awaited<ReturnType<typeof mountAt>>) {
  let unmounted: Promise<unknown> = Promise.resolve();
  act(() => {
    unmounted = unmount(props);
  });
  await unmounted;
}

describe('the reports module', () => {
  it('opens the OB report summary at #/reports', async () => {
    const props = await mountAt('#/reports');
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/reports/obreport/summary/');
    expect(screen.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true');
    await unmountModule(props);
  });

  it('the Table tab keeps the chosen report: /reports/maternalMortality/table', async () => {
    const props = await mountAt('#/reports/maternalMortality/summary/');
    await userEvent.click(await screen.findByRole('tab', { name: 'Table' }));
    expect(window.location.hash).toBe('#/reports/maternalMortality/table');
    expect(screen.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true');
    await unmountModule(props);
  });

  it('an unknown report goes to the OB report summary', async () => {
    const props = await mountAt('#/reports/nonsense/table');
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/reports/obreport/summary/');
    await unmountModule(props);
  });
});
