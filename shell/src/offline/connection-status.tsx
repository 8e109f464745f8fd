import { CloudOutlined, CloudSyncOutlined, DisconnectOutlined } from '@ant-design/icons';
import { connectionText, type ConnectionState } from './use-offline-sync.js';

/** The link to a case whose offline save met a newer version (issue 32). */
export function conflictText(label: string): string {
  return `${label} was changed by someone else: open it to choose`;
}

/**
 * The connection state in the header at all times (issue 32), in words with an icon beside them;
 * a live region, so a screen reader hears "Offline" when the network goes.
 */
export function ConnectionStatus({ state }: { state: ConnectionState }) {
  const Icon = state.syncing ? CloudSyncOutlined : state.online ? CloudOutlined : DisconnectOutlined;
  const tone = state.online ? (state.waiting > 0 ? 'pnss-connection-waiting' : 'pnss-connection-online') : 'pnss-connection-offline';
  return (
    <>
      <span className={`pnss-connection ${tone}`} role="status" aria-live="polite" data-testid="connection-status">
        <Icon aria-hidden="true" />
        <span>{connectionText(state)}</span>
      </span>
      {/* A save made offline that met a newer version: the case form's conflict dialog settles it. */}
      {(state.conflicts ?? []).map((link) => (
        <a key={link.to} className="pnss-connection-conflict" href={`#${link.to}`}>
          {conflictText(link.label)}
        </a>
      ))}
    </>
  );
}
