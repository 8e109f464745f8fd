import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

/** The current hash route; re-renders on every navigation, whoever made it. */
export function useHashLocation(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash);
}

/** Navigates without leaving the page it redirects from in the history. */
export function replaceHash(hash: string): void {
  window.location.replace(hash);
}
