import { CloudUploadOutlined, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { CensusPackage } from '@pnss/libs/api';
import { countOf } from '@pnss/libs/format';
import { buildOutcomeText, packageActions, packageStatusLabel } from '@pnss/libs/submissions';
import { formatDate, formatDateTime } from '../../components/format.js';
import { PackageCorrections } from '../../components/package-corrections.js';
import type { CensusActions } from './use-census-actions.js';

const STATUS_COLORS: Record<CensusPackage['status'], string> = {
  building: 'processing',
  buildfailed: 'error',
  pending: 'default',
  submitted: 'blue',
  Sending: 'processing',
  Sent: 'success',
  Failed: 'error',
};

/** What the signed-in role may do to a package; `packageActions` of libs says what its state allows. */
export interface CensusPermissions {
  rebuild: boolean;
  download: boolean;
  submit: boolean;
}

/** A package's status in capitals, its build's progress and outcome, its upload, notices and corrections. */
function PackageStatus({ pkg, canDownload }: { pkg: CensusPackage; canDownload: boolean }) {
  return (
    <Space orientation="vertical" size={2}>
      <Tag color={STATUS_COLORS[pkg.status]}>{packageStatusLabel(pkg.status)}</Tag>
      {pkg.building ? <Progress percent={pkg.progress} size="small" style={{ width: 120 }} aria-label={`Build of ${pkg.submissionId}`} /> : null}
      {pkg.status === 'Sent' && pkg.uploadId ? <Typography.Text type="secondary">Upload ID {pkg.uploadId}</Typography.Text> : null}
      {pkg.rebuildNotice ? <Alert type="warning" showIcon title={pkg.rebuildNotice} style={{ maxWidth: 320 }} /> : null}
      <PackageCorrections pkg={pkg} canDownload={canDownload} />
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
  );
}

/** Rebuild, download and submit, each where the package's state and the role allow it. */
function PackageActionButtons({ pkg, can, actions }: { pkg: CensusPackage; can: CensusPermissions; actions: CensusActions }) {
  const allowed = packageActions(pkg);
  return (
    <Space onClick={(event) => event.stopPropagation()}>
      {allowed.rebuild && can.rebuild ? (
        <Tooltip title="Rebuild">
          <Button icon={<ReloadOutlined />} aria-label={`Rebuild ${pkg.submissionId}`} onClick={() => void actions.onRebuild(pkg)} />
        </Tooltip>
      ) : null}
      {allowed.download && can.download ? (
        <Tooltip title="Download">
          <Button icon={<DownloadOutlined />} aria-label={`Download ${pkg.submissionId}`} onClick={() => void actions.onDownload(pkg)} />
        </Tooltip>
      ) : null}
      {allowed.submit && can.submit ? (
        <Tooltip title="Submit to the society">
          <Button type="primary" icon={<CloudUploadOutlined />} aria-label={`Submit ${pkg.submissionId}`} onClick={() => void actions.onSubmit(pkg)} />
        </Tooltip>
      ) : null}
    </Space>
  );
}

/** The Census tab's columns (SPEC.md §2): Submission ID, Census Package, Status and the row's actions. */
export function censusColumns(can: CensusPermissions, actions: CensusActions): ColumnsType<CensusPackage> {
  return [
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
      render: (_: unknown, pkg) => <PackageStatus pkg={pkg} canDownload={can.download} />,
    },
    {
      title: <span className="pnss-visually-hidden">Actions</span>,
      key: 'actions',
      align: 'right',
      className: 'pnss-census-actions',
      render: (_: unknown, pkg) => <PackageActionButtons pkg={pkg} can={can} actions={actions} />,
    },
  ];
}
