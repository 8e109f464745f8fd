import type { RemoteEntry, RemotesConfig } from '@pnss/libs/api';

function isRemoteEntry(value: unknown): value is RemoteEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as RemoteEntry;
  return (
    typeof entry.name === 'string' &&
    typeof entry.entry === 'string' &&
    Array.isArray(entry.routes) &&
    entry.routes.every((route) => typeof route === 'string' && route.startsWith('/'))
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
