import { Space, Tag, Tooltip, Typography } from 'antd';
import type { CaseQualityView } from '@pnss/libs/api';

/**
 * Issue 31: a case's review beside its Approve box in the Cases tab: its hard errors and warnings
 * (each in words on hover) and the fields with an open query, which keep it from being approved.
 */
export function CaseQualityCell({ quality }: { quality: CaseQualityView | undefined }) {
  if (!quality) return <Typography.Text type="secondary">-</Typography.Text>;
  const findings = [...quality.errors, ...quality.warnings];
  return (
    <Space size={[4, 4]} wrap>
      {quality.errors.length > 0 ? <Tag color="red">{quality.errors.length} error{quality.errors.length === 1 ? '' : 's'}</Tag> : null}
      {quality.warnings.length > 0 ? (
        <Tooltip title={<ul className="pnss-quality-list">{findings.map((f) => <li key={`${f.rule}-${f.field}`}>{f.label}: {f.message}</li>)}</ul>}>
          <Tag color="gold" tabIndex={0} aria-label={`${quality.warnings.length} warnings: ${findings.map((f) => `${f.label}: ${f.message}`).join('; ')}`}>
            {quality.warnings.length} warning{quality.warnings.length === 1 ? '' : 's'}
          </Tag>
        </Tooltip>
      ) : null}
      {quality.openQueryFields.length > 0 ? (
        <Tag color="blue">{quality.openQueryFields.length === 1 ? 'Open query' : `${quality.openQueryFields.length} open queries`}: not approvable</Tag>
      ) : null}
      {findings.length === 0 && quality.openQueryFields.length === 0 ? <Tag color="green">No warnings</Tag> : null}
    </Space>
  );
}
