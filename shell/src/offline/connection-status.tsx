import { CloudOutlined, CloudSyncOutlined, DisconnectOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { currentOfflineStore, notifyOfflineQueue } from '@pnss/web';
import { connectionText, type ConnectionState, type Refusal } from './use-offline-sync.js';

/** The link to a case whose offline save met a newer version (issue 32). */
export function conflictText(label: string): string {
  return `${label} was changed by someone else: open it to choose`;
}

/** A change the server refused by its rules, in its words; it waits on the device until the user removes it. */
export function refusalText({ label, refusal }: Pick<Refusal, 'label' | 'refusal'>): string {
  return `${label} was refused by the server: ${refusal}`;
}

export const REMOVE_REFUSED_QUESTION = 'Remove this change from this device? It has not reached the server and will be lost.';

async function removeRefused(seq: number): Promise<void> {
  await currentOfflineStore()?.remove(seq);
  notifyOfflineQueue();
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
      {state.storage ? (
        <span className="pnss-connection-refused" role="status" data-testid="storage-warning">
          {state.storage}
        </span>
      ) : null}
      {/* Refused by the server's rules: kept, with its words, until the user settles it on the case and removes it. */}
      {(state.refusals ?? []).map((refused) => (
        <span key={refused.seq} className="pnss-connection-refused" role="alert">
          {refused.to ? <a href={`#${refused.to}`}>{refusalText(refused)}</a> : <span>{refusalText(refused)}</span>}
          <Popconfirm title={REMOVE_REFUSED_QUESTION} okText="Remove" cancelText="Keep" onConfirm={() => removeRefused(refused.seq)}>
            <Button size="small" type="link">Remove</Button>
          </Popconfirm>
        </span>
      ))}
    </>
  );
}
