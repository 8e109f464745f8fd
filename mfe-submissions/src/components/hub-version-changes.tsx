import { Space, Tag, Typography } from 'antd';
import type { HubPackage } from '@pnss/libs/api';
import { formatDateTime } from './format.js';

const KINDS = [
  ['amended', 'Amended'],
  ['withdrawn', 'Withdrawn'],
  ['added', 'Added'],
] as const;

/**
 * Issue 30 on the hub's package list: whether a version is current or superseded by a later version
 * of its submission, and what it changed against the version it replaced, by record key (a
 * department's record id, never a patient's identity).
 */
export function HubVersionChanges({ pkg }: { pkg: HubPackage }) {
  return (
    <Space orientation="vertical" size={2}>
      {pkg.supersededAt ? <Tag>SUPERSEDED {formatDateTime(pkg.supersededAt)}</Tag> : <Tag color="success">CURRENT</Tag>}
      {pkg.changes === null ? (
        <Typography.Text type="secondary">{pkg.version === 1 ? 'First version' : 'No earlier version received'}</Typography.Text>
      ) : (
        KINDS.map(([kind, label]) =>
          pkg.changes && pkg.changes[kind].length > 0 ? (
            <Typography.Text key={kind} type="secondary">
              {label} ({pkg.changes[kind].length}):{' '}
              {pkg.changes[kind].map((key) => (
                <Typography.Text key={key} code title={key}>
                  {key.slice(0, 8)}
                </Typography.Text>
              ))}
            </Typography.Text>
          ) : null,
        )
      )}
      {pkg.changes && KINDS.every(([kind]) => pkg.changes?.[kind].length === 0) ? <Typography.Text type="secondary">No case changed</Typography.Text> : null}
    </Space>
  );
}
