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
  const props = { name: 'mfe_submissions', store: makeStore(), api, domElement, singleSpa: {}, mountParcel: jest.fn() };
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
