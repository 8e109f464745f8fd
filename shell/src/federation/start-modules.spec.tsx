import { act, render, screen, waitFor } from '@testing-library/react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { createModuleLifecycles, makeStore, saveSession, useAccess, type ModuleLifecycles } from '@pnss/web';
import { mockApi } from '@pnss/web/testing';
import { ShellApp } from '../shell-app.js';
import { buildRouteRegistry } from '../routing/route-registry.js';
import { CLINICIAN, CONFIG, REMOTES, goTo, signedInRoutes } from '../shell-app.test-helpers.js';
import { registerModules } from './register-modules.js';
import { startModules } from './start-modules.js';

// single-spa keeps its applications for the whole file: one platform start, for one story.

/** The cases module as it routes (mfe-cases/src/routes.tsx): any path it does not know goes to the cases root. */
function CasesRoot() {
  return (
    <Routes>
      <Route path="/patients" element={<h2>Patients</h2>} />
      <Route path="/cases" element={<h2>Cases list</h2>} />
      <Route path="*" element={<Navigate to="/cases" replace />} />
    </Routes>
  );
}

/** The admin module as it answers someone without the Admin permission (mfe-admin/src/pages/admin). */
function AdminRoot() {
  const { canAdmin } = useAccess();
  return (
    <Routes>
      <Route path="/admin/*" element={canAdmin ? <h2>Admin</h2> : <p>You do not have permission to open Admin.</p>} />
    </Routes>
  );
}

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('deep links while a module is starting (SPEC.md §2)', () => {
  it('a deep link to a module the user may not open shows the permission message, not the cases root, even while the previous module is still starting', async () => {
    const cases = createModuleLifecycles({ Root: CasesRoot, title: 'Patients and Cases stopped working.' });
    const admin = createModuleLifecycles({ Root: AdminRoot, title: 'Admin stopped working.' });
    // The cases module's mount is held until the test lets it go: the user opens the deep link meanwhile.
    const casesMountAsked = deferred();
    const casesMayMount = deferred();
    const slowCases: ModuleLifecycles = {
      ...cases,
      mount: async (props) => {
        casesMountAsked.resolve();
        await casesMayMount.promise;
        return cases.mount(props);
      },
    };
    const modules: Record<string, ModuleLifecycles> = { mfe_cases: slowCases, mfe_admin: admin };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    saveSession('t0k3n', CLINICIAN);
    mockApi(signedInRoutes(CLINICIAN));
    await goTo('#/patients');
    const store = makeStore();
    const registry = buildRouteRegistry(REMOTES);
    render(<ShellApp store={store} registry={registry} config={CONFIG} />);
    registerModules(registry, store, { load: async (name) => modules[name] });
    startModules(registry);

    // Signed in on the patients list; the cases module is starting when the user opens Admin.
    await act(() => casesMountAsked.promise);
    await act(() => goTo('#/admin/users'));
    await act(async () => casesMayMount.resolve());

    expect(await screen.findByText('You do not have permission to open Admin.')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/admin/users');
    await waitFor(() => expect(screen.queryByText('Cases list')).not.toBeInTheDocument());
    // The cases module did try to send the user to its root, from a route that is not its own.
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('from #/admin/users to http://localhost/#/cases'));
    warn.mockRestore();
  });
});
