import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface RetryOptions {
  /** Attempts after the first one. */
  retries?: number;
  /** Wait before the first retry; each later retry waits twice as long. */
  baseDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A module's manifest or remoteEntry.js that fails to load (a dropped connection, a server
 * restarting during a deploy) is fetched again twice, with a growing pause, before the module's
 * error panel shows.
 */
export function retryPlugin({ retries = 2, baseDelayMs = 500, sleep = wait }: RetryOptions = {}): ModuleFederationRuntimePlugin {
  const backoff = (attempt: number) => sleep(baseDelayMs * 2 ** (attempt - 1));

  const retryEntry = async ({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }: Parameters<LoadEntryError>[0]) => {
    for (let attempt = 1; attempt <= retries; attempt += 1) {
      await backoff(attempt);
      // The failed load is remembered per entry; forget it so the script is requested again.
      delete globalLoading[uniqueKey];
      try {
        const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
        if (exports) return exports;
      } catch {
        // The next attempt, or the module's error panel, follows.
      }
    }
    return undefined;
  };
  return {
    name: 'pnss-retry',
    async fetch(url, init) {
      let lastError: unknown = null;
      for (let attempt = 0; attempt <= retries; attempt += 1) {
        if (attempt > 0) await backoff(attempt);
        try {
          const response = await fetch(url, init);
          if (response.ok) return response;
          lastError = new Error(`${url} answered HTTP ${response.status}`);
        } catch (error) {
          lastError = error;
        }
      }
      throw lastError;
    },
    loadEntryError: (args) => retryEntry(args) as ReturnType<LoadEntryError>,
  };
}
