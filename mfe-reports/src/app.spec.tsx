import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mountModuleAt, type MountedModule } from '@pnss/web/testing';
import * as lifecycles from './app.js';

const mountAt = (hash: string) => mountModuleAt(lifecycles, hash, { name: 'mfe_reports' });
const unmountModule = (mounted: MountedModule) => mounted.unmount();

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
