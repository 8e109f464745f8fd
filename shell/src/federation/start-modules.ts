import { start } from 'single-spa';
import type { RouteRegistry } from '../routing/route-registry.js';
import { guardModuleNavigation } from '../routing/module-navigation.guard.js';

/**
 * Starts single-spa on the modules registerModules registered, then keeps a module that is not
 * on screen from moving the address (see guardModuleNavigation): a deep link the user opens
 * while the previous module is still starting stays the user's.
 */
export function startModules(registry: RouteRegistry): void {
  start({ urlRerouteOnly: true });
  guardModuleNavigation(registry);
}
