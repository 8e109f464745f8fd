import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { countOf } from '@pnss/libs/format';
import type { HubApiKey, HubPackage, IssuedHubKey } from '@pnss/libs/api';
import { PERMISSIONS, hasAll } from '@pnss/libs/permissions';
import { LoadError, describeError, selectPermissions, showError, toast, useAppSelector } from '@pnss/web';
import {
  downloadHubPackage, useGetHubKeysQuery, useGetHubPackagesQuery, useIssueHubKeyMutation, useRevokeHubKeyMutation,
} from '../../api/submissions.api.js';
import { formatDate, formatDateTime } from '../../components/format.js';
import { Pager } from '../../components/pager.js';
import { HubVersionChanges } from '../../components/hub-version-changes.js';
import { STACKED_TABLE_CLASS, stacked } from '../../components/stacked-table.js';

/** Saves the package as received; the server audits the download. */
function DownloadButton({ pkg }: { pkg: HubPackage }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      toast.success(`Downloaded ${await downloadHubPackage(pkg._id)}`);
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : 'The package could not be downloaded.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} aria-label={`Download ${pkg.fileName}`}>
      Download
    </Button>
  );
}

/** The society data manager's view of what departments have sent, by department. */
function ReceivedPackages({ departments }: { departments: string[] }) {
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const query = useGetHubPackagesQuery({ departmentId, offset }, { pollingInterval: 10_000 });
  const items = query.data?.items ?? [];
  return (
    <Card title="Received packages" size="small" role="region" aria-label="Received packages">
      <div className="pnss-submissions-toolbar">
        <Select<string>
          allowClear
          placeholder="All departments"
          aria-label="Department"
          style={{ minWidth: 220 }}
          value={departmentId ?? undefined}
          onChange={(value) => {
            setOffset(0);
            setDepartmentId(value ?? null);
          }}
          options={departments.map((d) => ({ value: d, label: d }))}
        />
      </div>
      {query.isError ? (
        <LoadError error={query.error} title="The received packages could not be loaded." onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Table<HubPackage>
            rowKey="_id"
            size="small"
            dataSource={items}
            loading={query.isLoading}
            pagination={false}
            scroll={{ x: 'max-content' }}
            aria-label="Received packages"
            className={STACKED_TABLE_CLASS}
            columns={[
              stacked<HubPackage>('Department', { title: 'Department', dataIndex: 'departmentId', key: 'departmentId' }),
              stacked<HubPackage>('Submission ID', {
                title: 'Submission ID',
                key: 'submission',
                render: (_: unknown, p) => (
                  <span>
                    <Typography.Text strong>{p.submissionId}</Typography.Text>
                    <br />
                    <Typography.Text type="secondary">version {p.version}</Typography.Text>
                  </span>
                ),
              }),
              stacked<HubPackage>('Census Package', {
                title: 'Census Package',
                key: 'period',
                render: (_: unknown, p) => (
                  <span>
                    {formatDate(p.startDate)} - {formatDate(p.endDate)}
                    <br />
                    <Typography.Text type="secondary">{countOf(p.numOfCases, 'case')}</Typography.Text>
                  </span>
                ),
              }),
              stacked<HubPackage>('Received', { title: 'Received', dataIndex: 'receivedAt', key: 'receivedAt', render: formatDateTime }),
              stacked<HubPackage>('Version changes', { title: 'Version changes', key: 'changes', render: (_: unknown, p) => <HubVersionChanges pkg={p} /> }),
              stacked<HubPackage>('Upload ID', { title: 'Upload ID', dataIndex: 'uploadId', key: 'uploadId' }),
              stacked<HubPackage>('Verification', {
                title: 'Verification',
                key: 'verification',
                render: (_: unknown, p) => (
                  <Space orientation="vertical" size={2}>
                    <Tag color="success">VERIFIED</Tag>
                    <Typography.Text type="secondary" style={{ maxWidth: 320, display: 'inline-block' }}>
                      {p.verification}
                    </Typography.Text>
                    <Typography.Text type="secondary" copyable={{ text: p.sha256 }} style={{ fontFamily: 'monospace' }}>
                      SHA-256 {p.sha256.slice(0, 12)}…
                    </Typography.Text>
                  </Space>
                ),
              }),
              stacked<HubPackage>('', {
                title: <span className="pnss-visually-hidden">File</span>,
                key: 'file',
                fixed: 'right',
                render: (_: unknown, p) => <DownloadButton pkg={p} />,
              }),
            ]}
            locale={{ emptyText: query.isLoading ? 'Loading received packages…' : 'No package has been received yet.' }}
          />
          <Pager offset={offset} shown={items.length} total={query.data?.count ?? 0} onChange={setOffset} label="Received packages" />
        </>
      )}
    </Card>
  );
}

/** Issue a department's key (shown once) and revoke keys. */
function ApiKeys({ keys, loading, error, onRetry }: { keys: HubApiKey[]; loading: boolean; error: unknown; onRetry: () => void }) {
  const [form] = Form.useForm<{ departmentId: string; label?: string }>();
  const [issue, issuing] = useIssueHubKeyMutation();
  const [revoke] = useRevokeHubKeyMutation();
  const [issued, setIssued] = useState<IssuedHubKey | null>(null);

  const onIssue = async (values: { departmentId: string; label?: string }) => {
    try {
      setIssued(await issue({ departmentId: values.departmentId.trim(), label: values.label?.trim() }).unwrap());
      form.resetFields();
    } catch (failure) {
      showError(failure, form);
    }
  };
  const onRevoke = async (key: HubApiKey) => {
    try {
      await revoke(key._id).unwrap();
      toast.success(`The key ${key.prefix}… of ${key.departmentId} is revoked`);
    } catch (failure) {
      toast.error(describeError(failure).message ?? 'The key could not be revoked.');
    }
  };

  return (
    <Card title="Department API keys" size="small" role="region" aria-label="Department API keys">
      <Form form={form} layout="inline" onFinish={(values) => void onIssue(values)} style={{ rowGap: 8, marginBottom: 12 }}>
        <Form.Item
          name="departmentId"
          label="Department ID"
          rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{1,64}$/, message: 'Letters, digits, _ or -, as the department’s DEPARTMENT_ID' }]}
        >
          <Input placeholder="e.g. PGH-OBGYN" />
        </Form.Item>
        <Form.Item name="label" label="Label">
          <Input placeholder="Hospital name" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={issuing.isLoading}>
            Issue key
          </Button>
        </Form.Item>
      </Form>
      {issued ? (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setIssued(null) }}
          title={`Key for ${issued.departmentId}: copy it now, it is not shown again`}
          description={
            <Typography.Text code copyable aria-label="New API key">
              {issued.key}
            </Typography.Text>
          }
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {error ? (
        <LoadError error={error} title="The keys could not be loaded." onRetry={onRetry} />
      ) : (
        <Table<HubApiKey>
          rowKey="_id"
          size="small"
          dataSource={keys}
          loading={loading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          aria-label="API keys"
          className={STACKED_TABLE_CLASS}
          columns={[
            stacked<HubApiKey>('Department', { title: 'Department', dataIndex: 'departmentId', key: 'departmentId' }),
            stacked<HubApiKey>('Label', { title: 'Label', dataIndex: 'label', key: 'label', render: (v: string) => v || '-' }),
            stacked<HubApiKey>('Key', { title: 'Key', dataIndex: 'prefix', key: 'prefix', render: (v: string) => <Typography.Text code>{v}…</Typography.Text> }),
            stacked<HubApiKey>('Issued', { title: 'Issued', dataIndex: 'createdAt', key: 'createdAt', render: formatDateTime }),
            stacked<HubApiKey>('Last used', { title: 'Last used', dataIndex: 'lastUsedAt', key: 'lastUsedAt', render: formatDateTime }),
            stacked<HubApiKey>('Status', {
              title: 'Status',
              key: 'status',
              render: (_: unknown, k) => (k.revokedAt ? <Tag color="error">REVOKED</Tag> : <Tag color="success">ACTIVE</Tag>),
            }),
            stacked<HubApiKey>('', {
              title: <span className="pnss-visually-hidden">Actions</span>,
              key: 'actions',
              fixed: 'right',
              render: (_: unknown, k) =>
                k.revokedAt ? null : (
                  <Popconfirm title={`Revoke this key of ${k.departmentId}?`} description="Packages sent with it will be refused." okText="Revoke" onConfirm={() => void onRevoke(k)}>
                    <Button danger size="small" aria-label={`Revoke key ${k.prefix} of ${k.departmentId}`}>
                      Revoke
                    </Button>
                  </Popconfirm>
                ),
            }),
          ]}
          locale={{ emptyText: 'No key issued yet: issue one for each department that submits.' }}
        />
      )}
    </Card>
  );
}

/** #/submissions/hub: the society's hub (HUB_ENABLED), for its data manager. */
export function HubPage() {
  const permissions = useAppSelector(selectPermissions);
  const canView = hasAll(permissions, [PERMISSIONS.VIEW_HUB_PACKAGES]);
  const canManage = hasAll(permissions, [PERMISSIONS.MANAGE_HUB_KEYS]);
  const keys = useGetHubKeysQuery(undefined, { skip: !canManage });
  const departments = [...new Set((keys.data ?? []).map((k) => k.departmentId))].sort();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {canView ? <ReceivedPackages departments={departments} /> : null}
      {canManage ? (
        <ApiKeys keys={keys.data ?? []} loading={keys.isLoading} error={keys.isError ? keys.error : null} onRetry={() => void keys.refetch()} />
      ) : null}
    </Space>
  );
}
