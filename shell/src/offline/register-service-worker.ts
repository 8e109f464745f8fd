/**
 * Registers the shell's service worker (shell/sw, issue 32), which makes the platform open after one
 * visit with the network cut. The browser checks sw.js for a new deployment at each load; the new
 * worker takes over at once (skipWaiting) and the next load runs the new build.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(new URL('sw.js', document.baseURI)).catch((error: unknown) => {
    console.warn('The offline copy of PNSS could not be set up', error);
  });
}
