import { guardRedirect } from './guard.js';
import type { RouteOwner } from './route-registry.js';

const remote: RouteOwner = { kind: 'remote', remote: { name: 'mfe_reports', entry: '', routes: ['/reports'], label: 'Reports' } };

describe('guards (SPEC.md §2)', () => {
  it('an unauthenticated user is sent to login, and the deep link is remembered', () => {
    expect(guardRedirect(remote, false, true)).toEqual({ to: '#/account/login', rememberFrom: true });
    expect(guardRedirect({ kind: 'shell', page: 'census-questions' }, false, true)).toEqual({ to: '#/account/login', rememberFrom: true });
    expect(guardRedirect({ kind: 'home' }, false, true)).toEqual({ to: '#/account/login', rememberFrom: false });
  });

  it('an authenticated user opening login goes to patients', () => {
    expect(guardRedirect({ kind: 'login' }, true, true)).toEqual({ to: '#/patients', rememberFrom: false });
    expect(guardRedirect({ kind: 'login' }, false, true)).toBeNull();
  });

  it('/ and any unknown path redirect to the cases root', () => {
    expect(guardRedirect({ kind: 'home' }, true, true)).toEqual({ to: '#/cases', rememberFrom: false });
    expect(guardRedirect({ kind: 'unknown' }, true, true)).toEqual({ to: '#/cases', rememberFrom: false });
  });

  it('stays put when no module owns the cases root, instead of redirecting in a loop', () => {
    expect(guardRedirect({ kind: 'unknown' }, true, false)).toBeNull();
  });

  it('lets a signed-in user through to a module or shell page', () => {
    expect(guardRedirect(remote, true, true)).toBeNull();
  });
});
