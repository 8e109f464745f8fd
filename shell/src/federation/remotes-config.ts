import type { RemoteEntry, RemoteNavBadge, RemoteNavEntry, RemotesConfig } from '@pnss/libs/api';

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

function isNavBadge(value: unknown): value is RemoteNavBadge {
  if (typeof value !== 'object' || value === null) return false;
  const badge = value as RemoteNavBadge;
  return (
    typeof badge.url === 'string' &&
    badge.url.startsWith('/') &&
    !badge.url.startsWith('//') &&
    typeof badge.count === 'string' &&
    typeof badge.singular === 'string' &&
    typeof badge.plural === 'string'
  );
}

function isNavEntry(value: unknown): value is RemoteNavEntry {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as RemoteNavEntry;
  return (
    typeof item.key === 'string' &&
    typeof item.label === 'string' &&
    typeof item.path === 'string' &&
    item.path.startsWith('/') &&
    typeof item.order === 'number' &&
    (item.access === undefined || isStringList(item.access)) &&
    (item.badge === undefined || isNavBadge(item.badge))
  );
}

function isRemoteEntry(value: unknown): value is RemoteEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as RemoteEntry;
  return (
    typeof entry.name === 'string' &&
    typeof entry.entry === 'string' &&
    (entry.label === undefined || typeof entry.label === 'string') &&
    isStringList(entry.routes) &&
    entry.routes.every((route) => route.startsWith('/')) &&
    (entry.nav === undefined || (Array.isArray(entry.nav) && entry.nav.every(isNavEntry)))
  );
}

/** Reads /remotes.json, which the deployment edits to publish a module without rebuilding the shell. */
export async function fetchRemotesConfig(url = '/remotes.json'): Promise<RemotesConfig> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  const body: unknown = await response.json();
  const remotes = (body as Partial<RemotesConfig> | null)?.remotes;
  if (!Array.isArray(remotes)) throw new Error(`${url} has no remotes list`);
  const valid = remotes.filter(isRemoteEntry);
  if (valid.length !== remotes.length) console.error(`${url}: ${remotes.length - valid.length} malformed remote entries were skipped`);
  return { remotes: valid };
}
