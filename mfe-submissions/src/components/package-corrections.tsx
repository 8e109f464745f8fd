import { Alert, Button, Space, Tag, Typography } from 'antd';
import type { CensusPackage, PackageVersion } from '@pnss/libs/api';
import { describeError, toast } from '@pnss/web';
import { useDownloadVersionTicketMutation } from '../api/submissions.api.js';
import { formatDateTime } from './format.js';

/** A version's changes in words: the department's own case numbers. */
export function versionChangesText(version: Pick<PackageVersion, 'changes'>): string | null {
  const { added, amended, withdrawn } = version.changes;
  const parts = [
    amended.length > 0 ? `amended ${amended.join(', ')}` : null,
    withdrawn.length > 0 ? `withdrawn ${withdrawn.join(', ')}` : null,
    added.length > 0 ? `${added.length} ${added.length === 1 ? 'case' : 'cases'} added` : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join('; ') : null;
}

/**
 * Issue 30 on a package of the Census tab: why Submit is refused while a case is being amended, and
 * the package's versions, the earlier ones superseded and still downloadable, each with what it changed.
 * (Which cases changed since the last submission, and why, is the package's notice.)
 */
export function PackageCorrections({ pkg, canDownload }: { pkg: CensusPackage; canDownload: boolean }) {
  const [ticket] = useDownloadVersionTicketMutation();
  const onDownload = async (version: number) => {
    try {
      const link = await ticket({ submissionId: pkg.submissionId, version }).unwrap();
      window.open(link.url, '_blank', 'noopener');
    } catch (error) {
      toast.error(`ERROR: ${describeError(error).message ?? 'The file could not be downloaded.'}`);
    }
  };
  // One version has nothing to compare; from two on, every version is listed with what it changed.
  const versions = pkg.versions.length > 1 ? pkg.versions : [];
  return (
    <>
      {pkg.amendmentRefusal ? <Alert type="error" showIcon title={`Submit is refused. ${pkg.amendmentRefusal}`} style={{ maxWidth: 320 }} /> : null}
      {pkg.needsResubmission && !pkg.amendmentRefusal ? <Tag color="gold">NEEDS RESUBMISSION</Tag> : null}
      {versions.length > 0 ? (
        <Space orientation="vertical" size={0} aria-label={`Versions of ${pkg.submissionId}`}>
          {versions.map((v) => (
            <Typography.Text key={v.version} type="secondary">
              Version {v.version} {v.supersededAt ? `(superseded ${formatDateTime(v.supersededAt)})` : '(current)'}
              {v.version > 1 && versionChangesText(v) ? `: ${versionChangesText(v)}` : ''}
              {canDownload && v.supersededAt ? (
                <Button type="link" size="small" onClick={() => void onDownload(v.version)} aria-label={`Download version ${v.version} of ${pkg.submissionId}`}>
                  download
                </Button>
              ) : null}
            </Typography.Text>
          ))}
        </Space>
      ) : null}
    </>
  );
}
