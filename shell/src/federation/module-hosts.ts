/**
 * One DOM node per module, made once and kept: single-spa mounts the module into it, and the
 * layout's outlet attaches the nodes wherever the content area currently is.
 */
const hosts = new Map<string, HTMLElement>();

export function moduleHost(name: string): HTMLElement {
  let host = hosts.get(name);
  if (!host) {
    host = document.createElement('div');
    host.id = `pnss-module-${name}`;
    host.className = 'pnss-module-host';
    host.dataset.module = name;
    hosts.set(name, host);
  }
  return host;
}

export function moduleHosts(): HTMLElement[] {
  return [...hosts.values()];
}
