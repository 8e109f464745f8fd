import type { AccessFlags } from '@pnss/libs/permissions';
import type { RemoteEntry, RemotesConfig } from '@pnss/libs/api';
import { hashPath, isUnderPrefix } from './hash-path.js';

export const LOGIN_PATH = '/account/login';
export const HOME_PATH = '/cases';
export const AFTER_SIGN_IN_PATH = '/patients';

export type ShellPageId = 'census-questions' | 'technical-support';

/** Pages the shell renders itself (SPEC.md §2: contact-pogs-pnss and contact-pogs-pnss-{product}). */
export const SHELL_PAGES: ReadonlyArray<{ id: ShellPageId; path: string }> = [
  { id: 'census-questions', path: '/contact-pogs-pnss' },
  { id: 'technical-support', path: '/contact-pogs-pnss-support' },
];

export interface NavEntry {
  key: string;
  label: string;
  /** The hash the entry opens, e.g. '#/cases'. */
  href: string;
  /** Which part of the app draws it: a remote's name, or 'shell'. */
  owner: string;
  visible: (access: AccessFlags) => boolean;
}

/**
 * The side navigation, in order. A remote entry shows only when remotes.json gives some module
 * its route, so the navigation and the modules' activeWhen rules cannot disagree.
 */
const NAV_ORDER: ReadonlyArray<Omit<NavEntry, 'owner' | 'href'> & { path: string }> = [
  { key: 'patients', label: 'Patients', path: '/patients', visible: (a) => a.canListPatients },
  { key: 'cases', label: 'Cases', path: '/cases', visible: (a) => a.canListCases },
  { key: 'submissions', label: 'Submissions', path: '/submissions', visible: (a) => a.canReviewClosedCases || a.canListPackages },
  { key: 'reports', label: 'Reports', path: '/reports', visible: (a) => a.canViewReports },
  { key: 'census-questions', label: 'Census Questions', path: '/contact-pogs-pnss', visible: () => true },
  { key: 'technical-support', label: 'Technical Support', path: '/contact-pogs-pnss-support', visible: () => true },
  { key: 'admin', label: 'Admin', path: '/admin', visible: (a) => a.canAdmin },
];

/** What a user calls each module, for its loading and error messages. */
const MODULE_LABELS: Record<string, string> = {
  mfe_cases: 'Patients and Cases',
  mfe_submissions: 'Submissions',
  mfe_reports: 'Reports',
  mfe_admin: 'Admin',
};

export interface RegisteredRemote extends RemoteEntry {
  label: string;
}

export interface RouteRegistry {
  remotes: RegisteredRemote[];
  nav: NavEntry[];
}

export type RouteOwner =
  | { kind: 'login' }
  | { kind: 'home' }
  | { kind: 'shell'; page: ShellPageId }
  | { kind: 'remote'; remote: RegisteredRemote }
  | { kind: 'unknown' };

export function buildRouteRegistry(config: RemotesConfig): RouteRegistry {
  const remotes = config.remotes.map((remote) => ({ ...remote, label: MODULE_LABELS[remote.name] ?? remote.name }));
  const nav: NavEntry[] = [];
  for (const entry of NAV_ORDER) {
    const { path, ...rest } = entry;
    const page = SHELL_PAGES.find((shellPage) => shellPage.path === path);
    const remote = remotes.find((candidate) => candidate.routes.some((prefix) => isUnderPrefix(`#${path}`, prefix)));
    if (!page && !remote) continue;
    nav.push({ ...rest, href: `#${path}`, owner: page ? 'shell' : remote!.name });
  }
  return { remotes, nav };
}

/** Which part of the app draws a hash route. Shell pages win over remote prefixes. */
export function routeOwner(registry: RouteRegistry, hash: string): RouteOwner {
  const path = hashPath(hash);
  if (path === '/') return { kind: 'home' };
  if (path === LOGIN_PATH) return { kind: 'login' };
  const page = SHELL_PAGES.find((shellPage) => shellPage.path === path);
  if (page) return { kind: 'shell', page: page.id };
  const remote = registry.remotes.find((candidate) => candidate.routes.some((prefix) => isUnderPrefix(hash, prefix)));
  return remote ? { kind: 'remote', remote } : { kind: 'unknown' };
}

/** single-spa's activeWhen for one remote, from the same registry. */
export function isRemoteActive(registry: RouteRegistry, remoteName: string, hash: string): boolean {
  const owner = routeOwner(registry, hash);
  return owner.kind === 'remote' && owner.remote.name === remoteName;
}

/** The navigation entry a route belongs to, for highlighting. */
export function activeNavKey(registry: RouteRegistry, hash: string): string | null {
  const path = hashPath(hash);
  const entry = registry.nav.find((candidate) => isUnderPrefix(`#${path}`, hashPath(candidate.href)));
  return entry?.key ?? null;
}
