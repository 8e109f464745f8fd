import { useLayoutEffect, useRef } from 'react';
import { moduleHosts } from './module-hosts.js';

/** The place in the content area where the active module draws itself. */
export function ModuleOutlet() {
  const container = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    for (const host of moduleHosts()) element.appendChild(host);
  }, []);
  return <div ref={container} className="pnss-module-outlet" />;
}
