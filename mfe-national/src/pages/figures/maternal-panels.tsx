import { Card, Descriptions, Table, Typography } from 'antd';
import type { NationalCount, NationalFiguresAnswer, NationalPeriodQuery } from '@pnss/libs/api';
import { RATE_DEFINITIONS } from '@pnss/libs/reports';
import { countNode, countWords, intervalNode, rateNode, rateShown } from '../../components/figure-text.js';
import { ExportButtons } from '../../components/export-buttons.js';

interface PanelProps {
  answer: NationalFiguresAnswer;
  suppress: boolean;
  query: NationalPeriodQuery;
}

/** The maternal mortality ratio per 100,000 live births with its exact 95% interval, deaths and live births beside it. */
export function MaternalMortalityPanel({ answer, suppress, query }: PanelProps) {
  const { mmr, coincidentalDeaths, unmappedDeaths, totalDeaths } = answer.maternal;
  const ratio = rateNode(mmr, suppress);
  const ratioWords = rateShown(mmr, suppress) ? String(ratio) : mmr.rate === null ? 'none' : 'hidden';
  return (
    <Card
      size="small"
      className="national-figure-card"
      title={<span id="national-mmr-title">Maternal Mortality Ratio (WHO)</span>}
      extra={<ExportButtons table="maternal" name="the maternal mortality table" query={query} />}
    >
      <div className="national-rate">
        <span className="national-rate-value" aria-label={`Maternal mortality ratio ${ratioWords} per 100,000 live births`}>
          {ratio}
        </span>
        <span>per 100,000 live births</span>
      </div>
      <Descriptions
        size="small"
        column={2}
        style={{ marginTop: 12 }}
        aria-labelledby="national-mmr-title"
        items={[
          { key: 'ci', label: '95% interval (exact Poisson)', children: intervalNode(mmr, suppress) },
          { key: 'deaths', label: 'Maternal deaths in the ratio', children: countNode(mmr.events, suppress) },
          { key: 'live', label: 'Live births', children: countNode(mmr.denominator, suppress) },
          { key: 'all', label: 'All maternal deaths', children: countNode(totalDeaths, suppress) },
          { key: 'coincidental', label: 'Coincidental (group 9), not in the ratio', children: countNode(coincidentalDeaths, suppress) },
          { key: 'unmapped', label: 'Unmapped cause, in the ratio', children: countNode(unmappedDeaths, suppress) },
        ]}
      />
      <p className="national-definition">{RATE_DEFINITIONS.mmr.sentence}</p>
    </Card>
  );
}

interface CountRow {
  key: string;
  label: string;
  type?: string;
  count: NationalCount;
  inRatio?: boolean;
}

function CountTable({ title, id, rows, total, suppress, typeColumn }: { title: string; id: string; rows: CountRow[]; total: NationalCount; suppress: boolean; typeColumn?: boolean }) {
  return (
    <Table<CountRow>
      size="small"
      pagination={false}
      rowKey="key"
      aria-labelledby={id}
      dataSource={[...rows, { key: 'total', label: 'Total', count: total }]}
      rowClassName={(row) => (row.key === 'total' ? 'national-total-row' : '')}
      columns={[
        { title, dataIndex: 'label', key: 'label', render: (label: string, row) => (row.key === 'total' ? <strong>{label}</strong> : label) },
        ...(typeColumn
          ? [
              { title: 'Type', dataIndex: 'type', key: 'type' },
              { title: 'In the ratio', key: 'inRatio', render: (_: unknown, row: CountRow) => (row.inRatio === undefined ? '' : row.inRatio ? 'Yes' : 'No') },
            ]
          : []),
        { title: 'Deaths', key: 'count', align: 'right', render: (_: unknown, row) => countNode(row.count, suppress) },
      ]}
    />
  );
}

/** Maternal deaths by the WHO ICD-MM groups (the mapping of libs/classifications/icd-mm), then by the timing of death. */
export function MaternalDeathsPanel({ answer, suppress, query }: PanelProps) {
  const { byIcdMmGroup, byTiming, totalDeaths } = answer.maternal;
  return (
    <Card size="small" className="national-figure-card" title="Maternal Deaths">
      <div className="national-table-head">
        <Typography.Title level={4} id="national-icdmm-title" className="national-table-title">By WHO ICD-MM group</Typography.Title>
        <ExportButtons table="icd-mm" name="maternal deaths by ICD-MM group" query={query} />
      </div>
      <CountTable
        title="ICD-MM group"
        id="national-icdmm-title"
        typeColumn
        suppress={suppress}
        total={totalDeaths}
        rows={byIcdMmGroup.map((g) => ({ key: g.group, label: g.group === 'unmapped' ? g.label : `${g.group}. ${g.label}`, type: g.type, count: g.deaths, inRatio: g.inRatio }))}
      />
      <div className="national-table-head" style={{ marginTop: 16 }}>
        <Typography.Title level={4} id="national-timing-title" className="national-table-title">By timing of death</Typography.Title>
        <ExportButtons table="timing" name="maternal deaths by timing" query={query} />
      </div>
      <CountTable
        title="Timing of death"
        id="national-timing-title"
        suppress={suppress}
        total={totalDeaths}
        rows={byTiming.map((t) => ({ key: t.segment, label: t.label, count: t.count }))}
      />
      <p className="national-definition">
        {countWords(totalDeaths, suppress) === '0' ? 'No maternal death in the period.' : 'Groups 1 to 8 and unmapped causes are in the ratio; group 9 (coincidental) is shown but not counted in it.'}
      </p>
    </Card>
  );
}
