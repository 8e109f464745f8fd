import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { createModuleLifecycles } from './create-module-lifecycles.js';
import { mountModuleAt } from '../testing/mount-module.js';
import { useAppSelector } from '../store/hooks.js';
import { selectSignedIn } from '../session/session.slice.js';

let failing = false;

function Broken(): never {
  throw new Error('the chart data is missing');
}

function Root() {
  const signedIn = useAppSelector(selectSignedIn);
  return (
    <Routes>
      <Route path="/reports" element={failing ? <Broken /> : <h1>Reports {signedIn ? 'signed in' : 'signed out'}</h1>} />
    </Routes>
  );
}

describe('createModuleLifecycles', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.mocked(console.error).mockRestore());

  it("mounts the module's routes on the shell's store under a hash router, and unmounts cleanly", async () => {
    failing = false;
    const lifecycles = createModuleLifecycles({ Root, title: 'Reports stopped working.' });
    const module = await mountModuleAt(lifecycles, '#/reports', { name: 'mfe_reports' });
    expect(await screen.findByRole('heading', { name: 'Reports signed out' })).toBeInTheDocument();
    await module.unmount();
    expect(module.domElement).toBeEmptyDOMElement();
  });

  it("keeps a screen that throws inside the module's area, with its error panel and Retry", async () => {
    failing = true;
    const lifecycles = createModuleLifecycles({ Root, title: 'Reports stopped working.' });
    const module = await mountModuleAt(lifecycles, '#/reports', { name: 'mfe_reports' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Reports stopped working.');
    expect(screen.getByRole('alert')).toHaveTextContent('the chart data is missing');
    failing = false;
    await act(async () => {
      screen.getByRole('button', { name: 'Retry' }).click();
    });
    expect(await screen.findByRole('heading', { name: 'Reports signed out' })).toBeInTheDocument();
    await module.unmount();
  });
});
