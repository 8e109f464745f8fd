import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { accessFlags, PERMISSIONS } from '@pnss/libs/permissions';
import type { RemotesConfig } from '@pnss/libs/api';
import { activeNavKey, buildRouteRegistry, isRemoteActive, routeOwner } from './route-registry.js';

/** The repository's own remotes.json: the navigation below is what the platform ships. */
const remotes: RemotesConfig = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'remotes.json'), 'utf8')) as RemotesConfig;

describe('the route registry (one source for the navigation and activeWhen)', () => {
  const registry = buildRouteRegistry(remotes);

  it('lists the side navigation of the spec in order', () => {
    expect(registry.nav.map((entry) => entry.label)).toEqual([
      'Patients',
      'Cases',
      'Worklists',
      'Submissions',
      'Reports',
      'National',
      'Census Questions',
      'Technical Support',
      'Admin',
    ]);
    expect(registry.nav.find((entry) => entry.key === 'census-questions')?.href).toBe('#/contact-pogs-pnss');
    expect(registry.nav.find((entry) => entry.key === 'technical-support')?.href).toBe('#/contact-pogs-pnss-support');
  });

  it('a module missing from remotes.json has no navigation entry and no route', () => {
    const withoutReports = buildRouteRegistry({ remotes: remotes.remotes.filter((remote) => remote.name !== 'mfe_reports') });
    expect(withoutReports.nav.map((entry) => entry.key)).not.toContain('reports');
    expect(routeOwner(withoutReports, '#/reports').kind).toBe('unknown');
  });

  it('each module is active on its hash routes and their children only', () => {
    expect(isRemoteActive(registry, 'mfe_cases', '#/patients/p1/case/c1')).toBe(true);
    expect(isRemoteActive(registry, 'mfe_cases', '#/newpatient')).toBe(true);
    expect(isRemoteActive(registry, 'mfe_cases', '#/cases?page=2')).toBe(true);
    expect(isRemoteActive(registry, 'mfe_cases', '#/casesX')).toBe(false);
    expect(isRemoteActive(registry, 'mfe_reports', '#/reports/obreport/summary/')).toBe(true);
    expect(isRemoteActive(registry, 'mfe_reports', '#/patients')).toBe(false);
  });

  it('the shell owns login and the two contact pages; / is home; anything else is unknown', () => {
    expect(routeOwner(registry, '#/account/login')).toEqual({ kind: 'login' });
    expect(routeOwner(registry, '#/contact-pogs-pnss')).toEqual({ kind: 'shell', page: 'census-questions' });
    expect(routeOwner(registry, '#/contact-pogs-pnss-support')).toEqual({ kind: 'shell', page: 'technical-support' });
    expect(routeOwner(registry, '')).toEqual({ kind: 'home' });
    expect(routeOwner(registry, '#/')).toEqual({ kind: 'home' });
    expect(routeOwner(registry, '#/nowhere')).toEqual({ kind: 'unknown' });
  });

  it('highlights the entry a route belongs to', () => {
    expect(activeNavKey(registry, '#/patients/p1')).toBe('patients');
    expect(activeNavKey(registry, '#/contact-pogs-pnss-support')).toBe('technical-support');
    expect(activeNavKey(registry, '#/newpatient')).toBeNull();
    // The longest path holding the route wins: the worklists are under the Cases module's /cases.
    expect(activeNavKey(registry, '#/cases/worklists/my-open')).toBe('worklists');
    expect(activeNavKey(registry, '#/cases/c1/info')).toBe('cases');
  });

  // A case's own screens (its form, its History) are Cases', though their routes lie under a patient;
  // the worklists and each list are Worklists', though they lie under /cases.
  it.each([
    ['#/patients/p1/case/c1/history', 'cases'],
    ['#/patients/p1/case/c1', 'cases'],
    ['#/patients/p1', 'patients'],
    ['#/patients/p1/edit', 'patients'],
    ['#/patients/p1/casebook', 'patients'],
    ['#/cases/worklists', 'worklists'],
    ['#/cases/worklists/ready-to-approve?offset=1', 'worklists'],
    ['#/cases/worklistsX', 'cases'],
  ])('highlights on %s the entry %s', (hash, key) => {
    expect(activeNavKey(registry, hash)).toBe(key);
  });

  it("carries a nav item's badge (a count the shell fetches): the worklists' total of cases waiting", () => {
    expect(registry.nav.find((entry) => entry.key === 'worklists')?.badge).toEqual({
      url: '/worklists', count: 'total', singular: 'case waiting', plural: 'cases waiting',
    });
  });

  it('entries the user has no permission for are hidden; Admin needs the admin permission', () => {
    const visible = (held: string[]) => registry.nav.filter((entry) => entry.visible(accessFlags(held))).map((entry) => entry.label);
    expect(visible([PERMISSIONS.GET_PATIENTS, PERMISSIONS.GET_ALL_CASE])).toEqual([
      'Patients',
      'Cases',
      'Worklists',
      'Census Questions',
      'Technical Support',
    ]);
    expect(visible([PERMISSIONS.ACCESS_ADMIN])).toContain('Admin');
  });
});

describe('adding a module is one entry in remotes.json', () => {
  it('a new module brings its routes and its navigation item, shown by its access flag, in its order', () => {
    const registry = buildRouteRegistry({
      remotes: [
        ...remotes.remotes,
        {
          name: 'mfe_audit',
          label: 'Audit',
          entry: '/modules/audit/mf-manifest.json',
          routes: ['/audit'],
          nav: [{ key: 'audit', label: 'Audit', path: '/audit', order: 65, access: ['canViewAudit'] }],
        },
      ],
    });
    expect(registry.nav.map((entry) => entry.key)).toEqual([
      'patients',
      'cases',
      'worklists',
      'submissions',
      'reports',
      'national',
      'census-questions',
      'technical-support',
      'audit',
      'admin',
    ]);
    expect(isRemoteActive(registry, 'mfe_audit', '#/audit/2026')).toBe(true);
    const audit = registry.nav.find((entry) => entry.key === 'audit')!;
    expect(audit.visible(accessFlags([PERMISSIONS.VIEW_AUDIT]))).toBe(true);
    expect(audit.visible(accessFlags([PERMISSIONS.GET_PATIENTS]))).toBe(false);
    expect(registry.remotes.find((remote) => remote.name === 'mfe_audit')?.label).toBe('Audit');
  });

  it('a navigation item outside its module’s routes is not shown', () => {
    const registry = buildRouteRegistry({
      remotes: [{ name: 'mfe_x', entry: '/modules/x/mf-manifest.json', routes: ['/x'], nav: [{ key: 'y', label: 'Y', path: '/y', order: 1 }] }],
    });
    expect(registry.nav.map((entry) => entry.key)).toEqual(['census-questions', 'technical-support']);
  });
});
