// The shell's service worker (issue 32), built by Workbox InjectManifest in libs/build: after one
// visit the platform opens with the network cut. It handles requests to this origin only: a module
// published on another origin loads straight from the network under the page's own CSP, which
// follows remotes.json (bootstrap/remote-origins.ts), so moving a module to a new origin keeps working.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** The same rule as the server's Cache-Control (services/src/web/web-files.ts): a hashed name never changes content. */
const HASHED_NAME = /[.-][0-9a-f]{8,}\./i;
/** Files that name other files: never served from the cache while the network answers. */
const ENTRY_NAME = /(^|\/)(remotes\.json|mf-manifest\.json|remoteEntry\.js|index\.html)$/;
const ok = () => new CacheableResponsePlugin({ statuses: [200] });

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// Pages: the network first, so a new deployment shows at the next online load; the cached shell when offline.
const pages = new NetworkFirst({ cacheName: 'pnss-pages', plugins: [ok()] });
registerRoute(
  new NavigationRoute(async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      return (await matchPrecache('index.html')) ?? Response.error();
    }
  }),
);

// The shell's own build, precached at install (its list is written into this file by InjectManifest).
precacheAndRoute(self.__WB_MANIFEST);

// remotes.json and each module's mf-manifest.json and remoteEntry.js: the network whenever it answers.
registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && ENTRY_NAME.test(url.pathname),
  new NetworkFirst({ cacheName: 'pnss-module-entries', plugins: [ok()] }),
);

// The reference lists (GET /api/categories...): no patient data; the case form needs them offline.
registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && /^\/api\/categories(\/|$)/.test(url.pathname),
  new NetworkFirst({ cacheName: 'pnss-reference-lists', plugins: [ok()] }),
);

// Every other file of this origin outside /api (the modules' chunks): hashed ones once, the rest network first.
const isFile = (url: URL, request: Request) => sameOrigin(url) && request.method === 'GET' && !url.pathname.startsWith('/api/');
registerRoute(
  ({ url, request }) => isFile(url, request) && HASHED_NAME.test(url.pathname.slice(url.pathname.lastIndexOf('/') + 1)),
  new CacheFirst({
    cacheName: 'pnss-module-chunks',
    plugins: [ok(), new ExpirationPlugin({ maxEntries: 600, purgeOnQuotaError: true })],
  }),
);
registerRoute(({ url, request }) => isFile(url, request), new NetworkFirst({ cacheName: 'pnss-files', plugins: [ok()] }));
