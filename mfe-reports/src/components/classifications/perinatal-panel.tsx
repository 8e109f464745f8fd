import { Card, Table, Typography } from 'antd';
import type { PerinatalFigures, ReportSummaryAnswer } from '@pnss/libs/api';
import { SUPPRESSION_NOTE, formatRate, isSmallCount, markedText } from '@pnss/libs/reports';

interface Line {
  key: string;
  label: string;
  value: (p: PerinatalFigures) => number | null;
  /** The counts a rate is made of: it is hidden when one of them is suppressed. */
  from: Array<keyof PerinatalFigures>;
  count?: boolean;
}

const LINES: readonly Line[] = [
  { key: 'liveBirths', label: 'Live births (twins count twice)', value: (p) => p.liveBirths, from: ['liveBirths'], count: true },
  { key: 'stillbirths', label: 'Stillbirths', value: (p) => p.stillbirths, from: ['stillbirths'], count: true },
  { key: 'earlyNeonatalDeaths', label: 'Early neonatal deaths (days 0-6)', value: (p) => p.earlyNeonatalDeaths, from: ['earlyNeonatalDeaths'], count: true },
  { key: 'neonatalDeaths', label: 'Neonatal deaths (days 0-27)', value: (p) => p.neonatalDeaths, from: ['neonatalDeaths'], count: true },
  { key: 'stillbirthRate', label: 'Stillbirth rate per 1000 total births', value: (p) => p.stillbirthRate, from: ['stillbirths'] },
  { key: 'perinatalMortalityRate', label: 'Perinatal mortality rate per 1000 total births', value: (p) => p.perinatalMortalityRate, from: ['stillbirths', 'earlyNeonatalDeaths'] },
  { key: 'earlyNeonatalMortalityRate', label: 'Early neonatal mortality rate per 1000 live births', value: (p) => p.earlyNeonatalMortalityRate, from: ['earlyNeonatalDeaths'] },
  { key: 'neonatalMortalityRate', label: 'Neonatal mortality rate per 1000 live births', value: (p) => p.neonatalMortalityRate, from: ['neonatalDeaths'] },
];

function cell(line: Line, p: PerinatalFigures, suppress: boolean): string {
  const small = suppress && line.from.some((field) => isSmallCount(p[field] as number));
  const value = line.value(p);
  if (line.count) return small ? markedText('small', '') : value === 0 ? '-' : String(value);
  return small ? markedText('hidden', '') : formatRate(value);
}

/** Stillbirth, perinatal and neonatal mortality by the WHO definitions, internationally and by the national threshold. */
export function PerinatalPanel({ answer, suppress }: { answer: ReportSummaryAnswer; suppress: boolean }) {
  const perinatal = answer.perinatal;
  if (!perinatal) return null;
  const { international, national } = perinatal;
  const apart = [international, national].filter((p) => p.belowThreshold + p.thresholdUnknown > 0);
  return (
    <Card size="small" title="Perinatal and Neonatal Mortality (WHO)" className="report-chart-card report-chart-wide">
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>Counts {perinatal.counts}.</Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        aria-label="Perinatal and neonatal mortality"
        dataSource={LINES.map((line) => ({ key: line.key, label: line.label, international: cell(line, international, suppress), national: cell(line, national, suppress) }))}
        columns={[
          { title: 'Figure', dataIndex: 'label', key: 'label' },
          { title: international.label, dataIndex: 'international', key: 'international', align: 'right' },
          { title: national.label, dataIndex: 'national', key: 'national', align: 'right' },
        ]}
      />
      {apart.map((p) => (
        <Typography.Paragraph key={p.label} type="secondary" style={{ fontSize: 12, margin: '8px 0 0' }}>
          {p.label}: {p.belowThreshold} born dead below the threshold and {p.thresholdUnknown} with neither weight nor gestation recorded are in no rate.
        </Typography.Paragraph>
      ))}
      {suppress && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{SUPPRESSION_NOTE}</Typography.Text>}
    </Card>
  );
}
