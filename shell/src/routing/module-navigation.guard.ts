import { getAppStatus, MOUNTED, MOUNTING, UPDATING } from 'single-spa';
import { routeOwner, type RouteRegistry } from './route-registry.js';

/** Whether a module is on screen (or being put there) under single-spa. */
export function moduleIsOnScreen(remoteName: string): boolean {
  const status = getAppStatus(remoteName);
  return status === MOUNTING || status === MOUNTED || status === UPDATING;
}

type HistoryWrite = 'pushState' | 'replaceState';

/**
 * Only the module that draws the route on screen may move the address away from it.
 *
 * A module's router reads the address whenever it renders. One that is still starting (or
 * stopping) when the user opens another module's route renders that route, and a catch-all
 * redirect there (mfe-cases sends paths it does not know to /cases) would replace the user's
 * deep link; single-spa follows the address, so the user would land on the wrong module. That
 * move comes from a module that is no longer meant to be on screen, so it is dropped and the
 * route the user opened stands. The shell's own redirects assign location, not history, and
 * are not affected; writes that keep the address (a router's history state) always go through.
 *
 * Installed after single-spa's start(), around single-spa's own patched methods. Returns the
 * function that takes it off again.
 */
export function guardModuleNavigation(
  registry: RouteRegistry,
  isOnScreen: (remoteName: string) => boolean = moduleIsOnScreen,
): () => void {
  const history = window.history;
  const ownerIsOnScreen = () => {
    const owner = routeOwner(registry, window.location.hash);
    return owner.kind === 'remote' && isOnScreen(owner.remote.name);
  };
  const wrap = (method: HistoryWrite) => {
    const write = history[method];
    const guarded: History[HistoryWrite] = function (this: History, data, unused, url) {
      if (url !== undefined && url !== null) {
        const target = new URL(String(url), document.baseURI).href;
        if (target !== window.location.href && !ownerIsOnScreen()) {
          console.warn(`A module that is not on screen tried to move the address from ${window.location.hash || '#/'} to ${target}; the route the user opened stays.`);
          return;
        }
      }
      write.call(this, data, unused, url);
    };
    history[method] = guarded;
    return () => {
      if (history[method] === guarded) history[method] = write;
    };
  };
  const restore = [wrap('pushState'), wrap('replaceState')];
  return () => restore.forEach((undo) => undo());
}
