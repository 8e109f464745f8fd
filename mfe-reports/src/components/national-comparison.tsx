import { Alert, Card, Skeleton, Table, Typography } from 'antd';
import type { FunnelPosition, NationalCount, NationalRate, NationalStandingFigures } from '@pnss/libs/api';
import { RATE_DEFINITIONS, SUPPRESSION_NOTE, formatRate, markedText, type ReportRange } from '@pnss/libs/reports';
import { LoadError, ScrollRegion } from '@pnss/web';
import { useGetNationalComparisonQuery } from '../api/national-comparison.api.js';

const count = (c: NationalCount) => (c.count === null || c.mark !== 'shown' ? markedText(c.mark === 'shown' ? 'hidden' : c.mark, '') : c.count.toLocaleString('en-US'));
const rate = (r: NationalRate) => {
  if (r.rate === null) return r.denominator.count === 0 ? '-' : markedText('hidden', '');
  return formatRate(r.rate);
};
/** A rate from counts: withheld ('x') when made from a suppressed count, '-' with no denominator. */
const derived = (value: number | null, from: NationalCount[]) =>
  value === null ? (from.some((c) => c.mark !== 'shown') ? markedText('hidden', '') : '-') : formatRate(value);
const POSITION: Record<FunnelPosition, string> = { inside: 'Within the limits', above: 'Above the 99.8% limit', below: 'Below the 99.8% limit' };

const positionText = (position: FunnelPosition | undefined) => (position ? POSITION[position] : 'Not placed');

interface Line {
  key: string;
  label: string;
  value: (f: NationalStandingFigures) => string;
  position?: 'mmr' | 'caesarean' | 'perinatal' | 'neonatal';
}

const LINES: readonly Line[] = [
  { key: 'cases', label: 'Cases counted', value: (f) => count(f.cases) },
  { key: 'mmr', label: RATE_DEFINITIONS.mmr.label, value: (f) => rate(f.mmr), position: 'mmr' },
  { key: 'caesarean', label: RATE_DEFINITIONS.caesarean.label, value: (f) => rate(f.caesarean), position: 'caesarean' },
  {
    key: 'perinatal',
    label: `${RATE_DEFINITIONS.perinatal.label} (WHO, 28 weeks or 1000 g)`,
    value: ({ perinatal: { international: p } }) => derived(p.perinatalMortalityRate, [p.stillbirths, p.earlyNeonatalDeaths, p.totalBirths]),
    position: 'perinatal',
  },
  {
    key: 'neonatal',
    label: RATE_DEFINITIONS.neonatal.label,
    value: ({ perinatal: { international: p } }) => derived(p.neonatalMortalityRate, [p.neonatalDeaths, p.liveBirths]),
    position: 'neonatal',
  },
];

/** The rates of the comparison, each defined on screen in words (its events and its denominator), once, from libs. */
const RATE_LINES = ['mmr', 'caesarean', 'perinatal', 'neonatal'] as const satisfies ReadonlyArray<keyof typeof RATE_DEFINITIONS>;

/** The report's range as the months the census counts (a package carries the month of discharge, not the day). */
export function rangeMonths(range: ReportRange): { from: string; to: string } {
  return { from: range.from.slice(0, 7), to: range.to.slice(0, 7) };
}

/**
 * Where the department stands nationally (issue 29): its own figures beside the society's for the same
 * months, fetched by the server from the society's hub with the department's key, cached, and
 * labelled with their date. Aggregates only, suppressed by the hub. Without a configured society it
 * says so in words.
 */
export function NationalComparison({ range }: { range: ReportRange }) {
  const months = rangeMonths(range);
  const { data, error, isFetching, refetch } = useGetNationalComparisonQuery(months);
  const title = <span id="national-comparison-title">National Comparison</span>;
  if (error) return <LoadError error={error} title="The national comparison could not be loaded." onRetry={() => void refetch()} />;
  if (!data || isFetching) {
    return (
      <Card size="small" className="report-chart-card report-chart-wide" title={title} aria-busy="true">
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    );
  }
  const standing = data.standing;
  return (
    <Card size="small" className="report-chart-card report-chart-wide" title={title}>
      {!data.configured || !standing ? (
        <Alert type="info" showIcon title={data.message} />
      ) : (
        <>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
            {standing.from} to {standing.to} (the months of discharge). {data.message.replace(/\.?$/, '.')}
            {data.fetchedAt && ` Fetched from the society on ${new Date(data.fetchedAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}.`}
          </Typography.Paragraph>
          <ScrollRegion labelledBy="national-comparison-title">
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              aria-labelledby="national-comparison-title"
              dataSource={LINES.map((line) => ({
                key: line.key,
                label: line.label,
                department: line.value(standing.department),
                national: line.value(standing.national),
                position: line.position ? positionText(standing.positions[line.position]) : '',
              }))}
              columns={[
                { title: 'Figure', dataIndex: 'label', key: 'label' },
                { title: `This department (${standing.departmentId})`, dataIndex: 'department', key: 'department', align: 'right' },
                { title: 'National', dataIndex: 'national', key: 'national', align: 'right' },
                { title: 'On the national funnel plot', dataIndex: 'position', key: 'position' },
              ]}
            />
          </ScrollRegion>
          <ul className="national-comparison-definitions" aria-label="What each rate counts" style={{ fontSize: 12, margin: '8px 0', paddingLeft: 18 }}>
            {RATE_LINES.map((key) => (
              <li key={key}>
                <Typography.Text type="secondary">{RATE_DEFINITIONS[key].sentence}</Typography.Text>
              </li>
            ))}
          </ul>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{standing.suppression || SUPPRESSION_NOTE}</Typography.Text>
        </>
      )}
    </Card>
  );
}
