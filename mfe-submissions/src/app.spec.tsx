import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERMISSIONS, type PermissionName } from '@pnss/libs/permissions';
import { makeStore } from '@pnss/web';
import { mountModuleAt, type MountedModule } from '@pnss/web/testing';
import * as lifecycles from './app.js';
import { NOT_PERMITTED_TITLE } from './pages/submissions/index.js';

const OFFICER = [PERMISSIONS.GET_CLOSED_CASES, PERMISSIONS.GET_PACKAGES];
const storeFor = (permissions: PermissionName[]) => makeStore({
  session: { signedIn: true, user: { _id: 'me', firstname: 'Cora', lastname: 'Census', username: 'cora', role: 'r', permissions }, permissions },
});
const mountAt = (hash: string, permissions: PermissionName[] = OFFICER) => mountModuleAt(lifecycles, hash, { name: 'mfe_submissions', store: storeFor(permissions) });
const unmountModule = (mounted: MountedModule) => mounted.unmount();

describe('the submissions module', () => {
  it('opens on the Cases tab at #/submissions', async () => {
    const props = await mountAt('#/submissions');
    expect(await screen.findByRole('heading', { name: 'Submissions' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cases' })).toHaveAttribute('aria-selected', 'true');
    expect(window.location.hash).toBe('#/submissions/cases');
    await unmountModule(props);
  });

  it('a clinician opening #/submissions by its address sees one permission page, not a failing tab (issue 25 item 14)', async () => {
    const props = await mountAt('#/submissions', [PERMISSIONS.GET_PATIENTS]);
    expect(await screen.findByText(NOT_PERMITTED_TITLE)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
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
