import type { ReactNode } from 'react';
import { Card, Table } from 'antd';
import type { NationalCount, NationalFiguresAnswer, NationalPerinatal, NationalPeriodQuery } from '@pnss/libs/api';
import { RATE_DEFINITIONS, thresholdWords } from '@pnss/libs/reports';
import { countNode, derivedNode } from '../../components/figure-text.js';
import { ExportButtons } from '../../components/export-buttons.js';

interface Line {
  key: string;
  label: string;
  cell: (p: NationalPerinatal, suppress: boolean) => ReactNode;
}

const count = (pick: (p: NationalPerinatal) => NationalCount) => (p: NationalPerinatal, suppress: boolean) => countNode(pick(p), suppress);
const rate = (pick: (p: NationalPerinatal) => number | null, from: (p: NationalPerinatal) => NationalCount[]) =>
  (p: NationalPerinatal, suppress: boolean) => derivedNode(pick(p), from(p), suppress);

const LINES: readonly Line[] = [
  { key: 'liveBirths', label: 'Live births (twins count twice)', cell: count((p) => p.liveBirths) },
  { key: 'stillbirths', label: 'Stillbirths', cell: count((p) => p.stillbirths) },
  { key: 'totalBirths', label: 'Total births', cell: count((p) => p.totalBirths) },
  { key: 'earlyNeonatalDeaths', label: 'Early neonatal deaths (days 0-6)', cell: count((p) => p.earlyNeonatalDeaths) },
  { key: 'neonatalDeaths', label: 'Neonatal deaths (days 0-27)', cell: count((p) => p.neonatalDeaths) },
  { key: 'stillbirthRate', label: RATE_DEFINITIONS.stillbirth.label, cell: rate((p) => p.stillbirthRate, (p) => [p.stillbirths, p.totalBirths]) },
  { key: 'perinatalMortalityRate', label: RATE_DEFINITIONS.perinatal.label, cell: rate((p) => p.perinatalMortalityRate, (p) => [p.stillbirths, p.earlyNeonatalDeaths, p.totalBirths]) },
  { key: 'earlyNeonatalMortalityRate', label: RATE_DEFINITIONS.earlyNeonatal.label, cell: rate((p) => p.earlyNeonatalMortalityRate, (p) => [p.earlyNeonatalDeaths, p.liveBirths]) },
  { key: 'neonatalMortalityRate', label: RATE_DEFINITIONS.neonatal.label, cell: rate((p) => p.neonatalMortalityRate, (p) => [p.neonatalDeaths, p.liveBirths]) },
  { key: 'belowThreshold', label: 'Born dead below the threshold (in no rate)', cell: count((p) => p.belowThreshold) },
  { key: 'thresholdUnknown', label: 'Born dead, neither weight nor gestation recorded (in no rate)', cell: count((p) => p.thresholdUnknown) },
  { key: 'outcomeUnknown', label: 'Infants without a recorded outcome', cell: count((p) => p.outcomeUnknown) },
];

/** Stillbirth, perinatal and neonatal mortality by the WHO definitions: for international comparison (28 weeks or 1000 g) and by the national cut-off. */
export function PerinatalPanel({ answer, suppress, query }: { answer: NationalFiguresAnswer; suppress: boolean; query: NationalPeriodQuery }) {
  const { international, national } = answer.perinatal;
  return (
    <Card
      size="small"
      className="national-figure-card national-wide"
      title={<span id="national-perinatal-title">Perinatal and Neonatal Mortality (WHO)</span>}
      extra={<ExportButtons table="perinatal" name="the perinatal mortality table" query={query} />}
    >
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        aria-labelledby="national-perinatal-title"
        scroll={{ x: 'max-content' }}
        dataSource={LINES.map((line) => ({ key: line.key, label: line.label, international: line.cell(international, suppress), national: line.cell(national, suppress) }))}
        columns={[
          { title: 'Figure', dataIndex: 'label', key: 'label' },
          { title: international.label, dataIndex: 'international', key: 'international', align: 'right' },
          { title: national.label, dataIndex: 'national', key: 'national', align: 'right' },
        ]}
      />
      <ul className="national-definition national-definitions">
        {[RATE_DEFINITIONS.stillbirth, RATE_DEFINITIONS.perinatal, RATE_DEFINITIONS.earlyNeonatal, RATE_DEFINITIONS.neonatal].map((d) => (
          <li key={d.label}>{d.sentence}</li>
        ))}
        <li>{international.label}: {thresholdWords(international.threshold)}.</li>
        <li>{national.label}: {thresholdWords(national.threshold)}.</li>
      </ul>
    </Card>
  );
}
