import { CloudOutlined, CloudSyncOutlined, DisconnectOutlined } from '@ant-design/icons';
import { connectionText, type ConnectionState } from './use-offline-sync.js';

/**
 * The connection state in the header at all times (issue 32), in words with an icon beside them;
 * a live region, so a screen reader hears "Offline" when the network goes.
 */
export function ConnectionStatus({ state }: { state: ConnectionState }) {
  const Icon = state.syncing ? CloudSyncOutlined : state.online ? CloudOutlined : DisconnectOutlined;
  const tone = state.online ? (state.waiting > 0 ? 'pnss-connection-waiting' : 'pnss-connection-online') : 'pnss-connection-offline';
  return (
    <span className={`pnss-connection ${tone}`} role="status" aria-live="polite" data-testid="connection-status">
      <Icon aria-hidden="true" />
      <span>{connectionText(state)}</span>
    </span>
  );
}
