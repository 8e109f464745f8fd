import type { AccessFlags } from '@pnss/libs/permissions';
import type { RemoteEntry, RemoteNavBadge, RemotesConfig } from '@pnss/libs/api';
import { casePaths, shellPaths } from '@pnss/web';
import { hashPath, isUnderPrefix, patternDepth } from './hash-path.js';

export const LOGIN_PATH = shellPaths.login;
export const HOME_PATH = casePaths.cases;
export const AFTER_SIGN_IN_PATH = casePaths.patients;

export type ShellPageId = 'census-questions' | 'technical-support';

/** Pages the shell renders itself (SPEC.md §2: contact-pogs-pnss and contact-pogs-pnss-{product}). */
export const SHELL_PAGES: ReadonlyArray<{ id: ShellPageId; path: string; label: string; order: number }> = [
  { id: 'census-questions', path: '/contact-pogs-pnss', label: 'Census Questions', order: 50 },
  { id: 'technical-support', path: '/contact-pogs-pnss-support', label: 'Technical Support', order: 60 },
];

export interface NavEntry {
  key: string;
  label: string;
  /** The hash the entry opens, e.g. '#/cases'. */
  href: string;
  /** Which part of the app draws it: a remote's name, or 'shell'. */
  owner: string;
  visible: (access: AccessFlags) => boolean;
  /** A count shown beside the label (remotes.json `badge`). */
  badge?: RemoteNavBadge;
  /** Routes besides its own path that it is highlighted on (remotes.json `holds`). */
  holds?: string[];
}

export interface RegisteredRemote extends RemoteEntry {
  label: string;
}

export interface RouteRegistry {
  remotes: RegisteredRemote[];
  nav: NavEntry[];
}

/** Shown to users who hold any one of the flags; an entry that names none is shown to everyone. */
function visibleWith(flags: readonly string[] | undefined): (access: AccessFlags) => boolean {
  if (!flags || flags.length === 0) return () => true;
  return (access) => flags.some((flag) => (access as unknown as Record<string, boolean | undefined>)[flag] === true);
}

/**
 * The route registry, built from remotes.json alone: each module brings its routes, its label and
 * its navigation items, so the side navigation and the modules' activeWhen rules cannot disagree.
 * An item shows only when some module of the list owns its path.
 */
export function buildRouteRegistry(config: RemotesConfig): RouteRegistry {
  const remotes = config.remotes.map((remote) => ({ ...remote, label: remote.label ?? remote.name }));
  const items: Array<NavEntry & { order: number }> = SHELL_PAGES.map((page) => ({
    key: page.id,
    label: page.label,
    href: `#${page.path}`,
    owner: 'shell',
    order: page.order,
    visible: () => true,
  }));
  for (const remote of remotes) {
    for (const entry of remote.nav ?? []) {
      if (!remote.routes.some((prefix) => isUnderPrefix(`#${entry.path}`, prefix))) continue;
      items.push({
        key: entry.key, label: entry.label, href: `#${entry.path}`, owner: remote.name, order: entry.order, visible: visibleWith(entry.access),
        ...(entry.badge ? { badge: entry.badge } : {}),
        ...(entry.holds ? { holds: entry.holds } : {}),
      });
    }
  }
  const nav = items.sort((a, b) => a.order - b.order).map(({ order: _order, ...entry }) => entry);
  return { remotes, nav };
}

export type RouteOwner =
  | { kind: 'login' }
  | { kind: 'home' }
  | { kind: 'shell'; page: ShellPageId }
  | { kind: 'remote'; remote: RegisteredRemote }
  | { kind: 'unknown' };

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

/**
 * The navigation entry a route belongs to, for highlighting: the one whose path, or one of whose
 * `holds` patterns, holds it with the most segments (#/cases/worklists is Worklists, not Cases; a
 * case's #/patients/p1/case/c1/history is Cases, not Patients).
 */
export function activeNavKey(registry: RouteRegistry, hash: string): string | null {
  let best: { key: string; depth: number } | null = null;
  for (const entry of registry.nav) {
    const depth = Math.max(...[hashPath(entry.href), ...(entry.holds ?? [])].map((pattern) => patternDepth(hash, pattern)));
    if (depth > 0 && (!best || depth > best.depth)) best = { key: entry.key, depth };
  }
  return best?.key ?? null;
}
