import { useEffect, useState } from 'react';
import { CloudUploadOutlined, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Progress, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { CensusPackage } from '@pnss/libs/api';
import { PERMISSIONS, hasAll } from '@pnss/libs/permissions';
import { countOf } from '@pnss/libs/format';
import { buildOutcomeText, packageActions, packageStatusLabel } from '@pnss/libs/submissions';
import { TOASTS } from '@pnss/libs/validation';
import { LoadError, describeError, selectPermissions, toast, useAppSelector, useDebouncedSearch, submissionPaths } from '@pnss/web';
import { useNavigate } from 'react-router-dom';
import {
  useDownloadTicketMutation, useGetPackageQuery, useGetPackagesQuery, useRebuildPackageMutation, useSubmitPackageMutation,
} from '../../api/submissions.api.js';
import { formatDate, formatDateTime } from '../../components/format.js';
import { Pager } from '../../components/pager.js';
import { PackageCorrections } from '../../components/package-corrections.js';

const STATUS_COLORS: Record<CensusPackage['status'], string> = {
  building: 'processing',
  buildfailed: 'error',
  pending: 'default',
  submitted: 'blue',
  Sending: 'processing',
  Sent: 'success',
  Failed: 'error',
};

/** 'ERROR: ' plus the server's message (SPEC.md §8). */
function errorToast(error: unknown): void {
  const message = describeError(error).message;
  if (message) toast.error(`ERROR: ${message}`);
}

/**
 * SPEC.md §2 Submissions, Census tab: 'Search Submission ID' (500 ms), the packages paged with
 * Back/Next, status in capitals updated while a build or an upload runs, and per-row rebuild,
 * download and submit, hidden while Sending. A row opens the Create Submission overlay.
 * Up to 1023 px (SPEC.md §9 mobile and tablet) each row is a stacked card (submissions-styles), so Status and the buttons
 * are on screen without scrolling sideways.
 */
export function CensusTab() {
  const navigate = useNavigate();
  const permissions = useAppSelector(selectPermissions);
  const can = {
    rebuild: hasAll(permissions, [PERMISSIONS.REBUILD_PACKAGE]),
    download: hasAll(permissions, [PERMISSIONS.DOWNLOAD_PACKAGE]),
    submit: hasAll(permissions, [PERMISSIONS.SUBMIT_PACKAGE]),
  };
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [busy, setBusy] = useState(false);
  const onSearch = useDebouncedSearch((value) => {
    setOffset(0);
    setSearch(value);
  });
  const [polling, setPolling] = useState(false);
  const query = useGetPackagesQuery({ search, offset }, { pollingInterval: polling ? 1000 : 0 });
  // The status changes without a reload: poll while a build or an upload runs.
  useEffect(() => {
    setPolling(busy || (query.data?.items ?? []).some((pkg) => pkg.building || pkg.status === 'Sending'));
  }, [busy, query.data]);
  const [rebuild] = useRebuildPackageMutation();
  const [submit] = useSubmitPackageMutation();
  const [ticket] = useDownloadTicketMutation();

  // A rebuild runs on the server after its answer: the package is read until the build has ended,
  // then the toast says when and what came of it (the same bytes, or the next version and its cases).
  const [rebuilding, setRebuilding] = useState<{ submissionId: string; since: number } | null>(null);
  const watched = useGetPackageQuery(rebuilding?.submissionId ?? '', { skip: !rebuilding, pollingInterval: 700 });
  useEffect(() => {
    const pkg = watched.data;
    if (!rebuilding || !pkg || pkg.submissionId !== rebuilding.submissionId || pkg.building) return;
    if ((watched.fulfilledTimeStamp ?? 0) <= rebuilding.since) return;
    setRebuilding(null);
    if (!pkg.lastBuild) return;
    const words = buildOutcomeText(pkg.lastBuild, formatDateTime(pkg.lastBuild.at));
    if (pkg.lastBuild.outcome === 'failed') toast.error(`${words} ${pkg.lastError ?? ''}`.trim());
    else toast.success(words);
    void query.refetch();
  }, [rebuilding, watched.data, watched.fulfilledTimeStamp, query]);

  const onRebuild = async (pkg: CensusPackage) => {
    toast.info(TOASTS.building);
    try {
      await rebuild({ submissionid: pkg.submissionId, filename: pkg.fileName }).unwrap();
      setRebuilding({ submissionId: pkg.submissionId, since: Date.now() });
    } catch (error) {
      errorToast(error);
    }
  };

  const onSubmit = async (pkg: CensusPackage) => {
    if (pkg.status === 'Sending') return;
    toast.info(TOASTS.submitting);
    setBusy(true);
    try {
      const answer = await submit({ submissionid: pkg.submissionId }).unwrap();
      if (answer.uploadid) toast.success(TOASTS.packageUploaded);
    } catch (error) {
      errorToast(error);
    } finally {
      setBusy(false);
    }
  };

  const onDownload = async (pkg: CensusPackage) => {
    try {
      const link = await ticket(pkg.submissionId).unwrap();
      window.open(link.url, '_blank', 'noopener');
    } catch (error) {
      errorToast(error);
    }
  };

  const columns: ColumnsType<CensusPackage> = [
    {
      title: 'Submission ID',
      dataIndex: 'submissionId',
      key: 'submissionId',
      className: 'pnss-census-id',
      render: (value: string, pkg) => (
        <span>
          <Typography.Text strong>{value}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{formatDateTime(pkg.builtAt ?? pkg.createdAt)}</Typography.Text>
        </span>
      ),
    },
    {
      title: 'Census Package',
      key: 'package',
      className: 'pnss-census-package',
      render: (_: unknown, pkg) => (
        <span>
          {formatDate(pkg.startDate)} - {formatDate(pkg.endDate)}
          <br />
          <Typography.Text type="secondary">
            {countOf(pkg.numOfCases, 'case')} · version {pkg.version}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      className: 'pnss-census-status',
      render: (_: unknown, pkg) => (
        <Space orientation="vertical" size={2}>
          <Tag color={STATUS_COLORS[pkg.status]}>{packageStatusLabel(pkg.status)}</Tag>
          {pkg.building ? <Progress percent={pkg.progress} size="small" style={{ width: 120 }} aria-label={`Build of ${pkg.submissionId}`} /> : null}
          {pkg.status === 'Sent' && pkg.uploadId ? <Typography.Text type="secondary">Upload ID {pkg.uploadId}</Typography.Text> : null}
          {pkg.rebuildNotice ? <Alert type="warning" showIcon title={pkg.rebuildNotice} style={{ maxWidth: 320 }} /> : null}
          <PackageCorrections pkg={pkg} canDownload={can.download} />
          {pkg.lastBuild && !pkg.building && pkg.lastBuild.outcome !== 'failed' ? (
            <Typography.Text type="secondary" style={{ maxWidth: 320, display: 'inline-block' }} aria-label={`Last build of ${pkg.submissionId}`}>
              {buildOutcomeText(pkg.lastBuild, formatDateTime(pkg.lastBuild.at))}
            </Typography.Text>
          ) : null}
          {pkg.lastError && (pkg.status === 'Failed' || pkg.status === 'buildfailed' || !pkg.building) ? (
            <Typography.Text type="danger" style={{ maxWidth: 280, display: 'inline-block' }}>
              {pkg.lastError}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: <span className="pnss-visually-hidden">Actions</span>,
      key: 'actions',
      align: 'right',
      className: 'pnss-census-actions',
      render: (_: unknown, pkg) => {
        const actions = packageActions(pkg);
        return (
          <Space onClick={(event) => event.stopPropagation()}>
            {actions.rebuild && can.rebuild ? (
              <Tooltip title="Rebuild">
                <Button icon={<ReloadOutlined />} aria-label={`Rebuild ${pkg.submissionId}`} onClick={() => void onRebuild(pkg)} />
              </Tooltip>
            ) : null}
            {actions.download && can.download ? (
              <Tooltip title="Download">
                <Button icon={<DownloadOutlined />} aria-label={`Download ${pkg.submissionId}`} onClick={() => void onDownload(pkg)} />
              </Tooltip>
            ) : null}
            {actions.submit && can.submit ? (
              <Tooltip title="Submit to the society">
                <Button type="primary" icon={<CloudUploadOutlined />} aria-label={`Submit ${pkg.submissionId}`} onClick={() => void onSubmit(pkg)} />
              </Tooltip>
            ) : null}
          </Space>
        );
      },
    },
  ];

  const items = query.data?.items ?? [];
  return (
    <section aria-label="Census packages">
      <div className="pnss-submissions-toolbar">
        <Input.Search
          placeholder="Search Submission ID"
          aria-label="Search Submission ID"
          allowClear
          onChange={(event) => onSearch(event.target.value)}
          onSearch={(value) => onSearch(value)}
          style={{ maxWidth: 320 }}
        />
      </div>
      {query.isError ? (
        <LoadError error={query.error} title="The census packages could not be loaded." onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Table<CensusPackage>
            className="pnss-census-table"
            rowKey="_id"
            columns={columns}
            dataSource={items}
            loading={query.isLoading}
            pagination={false}
            scroll={{ x: 'max-content' }}
            onRow={(pkg) => ({ onClick: () => navigate(submissionPaths.censusPackage(pkg.submissionId)), style: { cursor: 'pointer' } })}
            locale={{
              emptyText: query.isLoading ? 'Loading census packages…' : search ? (
                `No census package matches '${search}'.`
              ) : (
                <Space orientation="vertical" size={2}>
                  <Typography.Text strong>No census packages yet.</Typography.Text>
                  <Typography.Text type="secondary">Approve closed cases on the Cases tab, then Create Package.</Typography.Text>
                </Space>
              ),
            }}
          />
          <Pager offset={offset} shown={items.length} total={query.data?.count ?? 0} onChange={setOffset} label="Census packages" />
        </>
      )}
    </section>
  );
}
