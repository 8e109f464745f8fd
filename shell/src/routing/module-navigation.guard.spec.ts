import { buildRouteRegistry } from './route-registry.js';
import { guardModuleNavigation } from './module-navigation.guard.js';
import { REMOTES, goTo } from '../shell-app.test-helpers.js';

const registry = buildRouteRegistry(REMOTES);

describe('who may move the address', () => {
  let onScreen: string[];
  let unguard: () => void;
  let warn: jest.SpyInstance;

  beforeEach(() => {
    onScreen = [];
    unguard = guardModuleNavigation(registry, (name) => onScreen.includes(name));
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    unguard();
    warn.mockRestore();
  });

  it('a module that is not on screen cannot replace the route the user opened with its own', async () => {
    await goTo('#/admin/users');
    onScreen = ['mfe_cases'];
    window.history.replaceState(null, '', '#/cases');
    window.history.pushState(null, '', '#/cases');
    expect(window.location.hash).toBe('#/admin/users');
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('the module that draws the route moves the address freely, within its routes and to other modules', async () => {
    await goTo('#/patients/p1/case/c1');
    onScreen = ['mfe_cases'];
    window.history.replaceState(null, '', '#/cases');
    expect(window.location.hash).toBe('#/cases');
    window.history.pushState(null, '', '#/submissions/cases');
    expect(window.location.hash).toBe('#/submissions/cases');
    expect(warn).not.toHaveBeenCalled();
  });

  it('on a shell page or the login page no module moves the address', async () => {
    onScreen = ['mfe_cases'];
    for (const hash of ['#/contact-pogs-pnss', '#/account/login']) {
      await goTo(hash);
      window.history.replaceState(null, '', '#/cases');
      expect(window.location.hash).toBe(hash);
    }
  });

  it("a write that keeps the address (a router's history state) always goes through", async () => {
    await goTo('#/admin/users');
    window.history.replaceState({ idx: 0 }, '');
    expect(window.history.state).toEqual({ idx: 0 });
    window.history.replaceState({ idx: 1 }, '', '#/admin/users');
    expect(window.history.state).toEqual({ idx: 1 });
    expect(warn).not.toHaveBeenCalled();
  });

  it('taken off again, history is as it was', async () => {
    unguard();
    await goTo('#/admin/users');
    window.history.replaceState(null, '', '#/cases');
    expect(window.location.hash).toBe('#/cases');
  });
});
