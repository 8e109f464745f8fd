import type { ReactNode } from 'react';

/**
 * A wide table's horizontal scroll, reachable by keyboard: the region takes the focus (arrow keys
 * scroll it) and is named for screen readers, as axe's scrollable-region-focusable asks. antd's own
 * `scroll={{ x }}` scrolls an inner element no one can focus, so tables without fixed columns scroll here.
 * Named by the element `labelledBy` points to, or by `label`.
 */
export function ScrollRegion({ labelledBy, label, children }: { labelledBy?: string; label?: string; children: ReactNode }) {
  return (
    <div role="region" aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </div>
  );
}
