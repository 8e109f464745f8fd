import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mountModuleAt, type MountedModule } from '@pnss/web/testing';
import * as lifecycles from './app.js';

const mountAt = (hash: string) => mountModuleAt(lifecycles, hash, { name: 'mfe_submissions' });
const unmountModule = (mounted: MountedModule) => mounted.unmount();

describe('the submissions module', () => {
  it('opens on the Cases tab at #/submissions', async () => {
    const props = await mountAt('#/submissions');
    expect(await screen.findByRole('heading', { name: 'Submissions' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cases' })).toHaveAttribute('aria-selected', 'true');
    expect(window.location.hash).toBe('#/submissions/cases');
    await unmountModule(props);
  });

  it('the Census Packages tab is its own route, /submissions/census', async () => {
    const props = await mountAt('#/submissions/cases/gynecase');
    expect(await screen.findByRole('tab', { name: 'Cases' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Census Packages' }));
    expect(window.location.hash).toBe('#/submissions/census');
    expect(screen.getByRole('tab', { name: 'Census Packages' })).toHaveAttribute('aria-selected', 'true');
    await unmountModule(props);
  });
});
