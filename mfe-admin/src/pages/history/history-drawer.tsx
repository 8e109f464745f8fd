import { useMemo } from 'react';
import { Drawer, Result, Table, type TableColumnsType } from 'antd';
import type { AuditEntry, Paged } from '@pnss/libs/api';
import { FEATURES } from '@pnss/libs/permissions';
import { pageIndexPagination } from '../../components/page-index-pagination.js';
import { useGetRoleNamesQuery } from '../../api/roles.api.js';
import { useAdminAccess } from '../../access/use-admin-access.js';
import { actionLabel, describeChanges, formatWhen, type HistoryLabels } from '../../format/history-display.js';
import { LoadError } from '@pnss/web';

interface HistoryDrawerProps {
  title: string;
  /** The history query of the user or role. */
  query: {
    currentData?: Paged<AuditEntry>;
    isFetching: boolean;
    isError: boolean;
    error?: unknown;
    refetch: () => unknown;
  };
  offset: number;
  onOffset: (offset: number) => void;
  allowed: boolean;
  onClose: () => void;
}

/** The audit entries of one user or role, newest first: when, who, what, and each field old → new. */
export function HistoryDrawer({ title, query, offset, onOffset, allowed, onClose }: HistoryDrawerProps) {
  const { canReadRoleNames } = useAdminAccess();
  const roleNames = useGetRoleNamesQuery(undefined, { skip: !allowed || !canReadRoleNames });
  const labels = useMemo<HistoryLabels>(
    () => ({
      roles: new Map((roleNames.data ?? []).map((role) => [role.name, role.label])),
      features: new Map(FEATURES.map((feature) => [feature.feature, feature.label])),
    }),
    [roleNames.data],
  );

  const columns: TableColumnsType<AuditEntry> = [
    { key: 'at', title: 'When', width: 140, render: (_value, entry) => <time dateTime={entry.at}>{formatWhen(entry.at)}</time> },
    { key: 'who', title: 'Who', width: 120, render: (_value, entry) => entry.actorUsername ?? 'system' },
    { key: 'action', title: 'Action', width: 110, render: (_value, entry) => actionLabel(entry.action) },
    {
      key: 'changes',
      title: 'Changes',
      render: (_value, entry) => {
        const lines = describeChanges(entry, labels);
        if (lines.length === 0) return '—';
        return (
          <ul className="pnss-admin-changes">
            {lines.map((line, index) => (
              <li key={`${line.field}-${index}`}>
                <strong>{line.label}:</strong> {line.from !== null ? `${line.from} → ${line.to}` : line.to}
              </li>
            ))}
          </ul>
        );
      },
    },
  ];

  const page = query.currentData;
  return (
    <Drawer open title={title} onClose={onClose} size={760} destroyOnHidden>
      {!allowed ? (
        <Result status="403" title="You do not have permission to read the audit log." />
      ) : query.isError && !page ? (
        <LoadError error={query.error} title="The history could not be loaded." onRetry={() => void query.refetch()} />
      ) : (
        <Table<AuditEntry>
          rowKey="_id"
          size="small"
          columns={columns}
          dataSource={page?.items ?? []}
          loading={query.isFetching}
          scroll={{ x: 640 }}
          locale={{ emptyText: 'No changes recorded.' }}
          pagination={pageIndexPagination(offset, page?.count, onOffset)}
        />
      )}
    </Drawer>
  );
}
