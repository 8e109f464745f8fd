import { useMemo, useState } from 'react';
import { Button, DatePicker, Empty, Progress, Space, Statistic, Table, Tag, Typography } from 'antd';
import type { QualityCompleteness, QualityRuleCount } from '@pnss/libs/api';
import { QUALITY_DENOMINATORS, type QualityFigure } from '@pnss/libs/quality';
import { LoadError, saveFile, casePaths } from '@pnss/web';
import dayjs, { type Dayjs } from 'dayjs';
import { Link } from 'react-router-dom';
import { useGetQualitySummaryQuery } from '../../api/quality.api.js';
import { qualityCsv } from './quality-csv.js';

const ISO = 'YYYY-MM-DD';
const percent = (share: number | null) => (share === null ? '-' : `${Math.round(share * 1000) / 10}%`);

/** A figure's denominator in the words of libs, with the range's dates for FROM and TO. */
function Denominator({ figure, from, to }: { figure: QualityFigure; from: string; to: string }) {
  return (
    <Typography.Paragraph type="secondary" className="pnss-quality-denominator" data-figure={figure}>
      {QUALITY_DENOMINATORS[figure].replace('FROM', from).replace('TO', to)}
    </Typography.Paragraph>
  );
}

/** A bar per rule, as long as its count against the largest: the chart of the view. */
function RuleChart({ rules }: { rules: QualityRuleCount[] }) {
  const most = Math.max(1, ...rules.map((r) => r.cases));
  return (
    <figure aria-label="Cases per rule" className="pnss-quality-chart">
      {rules.map((rule) => (
        <div key={rule.rule} className="pnss-quality-bar">
          <span className="pnss-quality-bar-label">{rule.title}</span>
          <span className="pnss-quality-bar-track" aria-hidden="true">
            <span className={`pnss-quality-bar-fill pnss-quality-${rule.severity}`} style={{ width: `${(100 * rule.cases) / most}%` }} />
          </span>
          <span className="pnss-quality-bar-count">{rule.cases}</span>
        </div>
      ))}
    </figure>
  );
}

/**
 * Issue 31, Submissions' Data Quality tab: for the closed cases discharged in a range, the
 * department score, the cases failing each quality rule (with the cases behind each, linked to
 * their form), and the completeness of each section and field, as tables and a chart, exportable
 * as CSV. The figures are the server's sums of the reviews stored with every case write; each is
 * quoted with its denominator in the words of libs QUALITY_DENOMINATORS.
 */
export function QualityTab() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(364, 'day'), dayjs()]);
  const args = useMemo(() => ({ from: range[0].format(ISO), to: range[1].format(ISO) }), [range]);
  const query = useGetQualitySummaryQuery(args);
  const summary = query.data;

  const download = () => {
    if (!summary) return;
    saveFile(new Blob([qualityCsv(summary)], { type: 'text/csv;charset=utf-8' }), `data-quality-${summary.from}-${summary.to}.csv`);
  };

  const completenessColumns = [
    { title: 'Field', key: 'label', render: (_: unknown, row: QualityCompleteness) => row.label },
    { title: 'Asked', dataIndex: 'asked', key: 'asked' },
    { title: 'Answered', dataIndex: 'answered', key: 'answered' },
    {
      title: 'Completeness', key: 'share',
      render: (_: unknown, row: QualityCompleteness) => (
        <Progress percent={row.share === null ? 0 : Math.round(row.share * 1000) / 10} size="small" format={() => percent(row.share)} />
      ),
    },
  ];

  return (
    <section aria-label="Data quality">
      <div className="pnss-submissions-toolbar">
        <Space wrap>
          <Typography.Text>Discharged</Typography.Text>
          <DatePicker.RangePicker
            aria-label="Discharge dates"
            value={range}
            allowClear={false}
            onChange={(value) => {
              if (value?.[0] && value[1]) setRange([value[0], value[1]]);
            }}
          />
        </Space>
        <Button onClick={download} disabled={!summary}>Export CSV</Button>
      </div>
      {query.isError ? (
        <LoadError error={query.error} title="The data quality view could not be loaded." onRetry={() => void query.refetch()} />
      ) : !summary ? (
        <Typography.Text type="secondary">Loading the data quality view…</Typography.Text>
      ) : summary.cases === 0 ? (
        <Empty description="No closed case was discharged in these dates." />
      ) : (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <div>
            <Space size="large" wrap>
              <Statistic title="Department score" value={summary.score ?? '-'} suffix="/ 100" />
              <Statistic title="Closed cases reviewed" value={summary.cases} />
            </Space>
            <Denominator figure="cases" from={summary.from} to={summary.to} />
            <Denominator figure="score" from={summary.from} to={summary.to} />
          </div>
          <div>
            <Typography.Title level={4}>Cases per rule</Typography.Title>
            <Denominator figure="rules" from={summary.from} to={summary.to} />
            <RuleChart rules={summary.rules} />
            <Table<QualityRuleCount>
              rowKey="rule"
              size="small"
              pagination={false}
              dataSource={summary.rules}
              columns={[
                { title: 'Rule', dataIndex: 'title', key: 'title' },
                {
                  title: 'Kind', dataIndex: 'severity', key: 'severity',
                  render: (severity: string) => <Tag color={severity === 'error' ? 'red' : 'gold'}>{severity === 'error' ? 'Hard error' : 'Warning'}</Tag>,
                },
                { title: 'Cases', dataIndex: 'cases', key: 'cases' },
                {
                  title: 'Cases behind it', key: 'caseList',
                  render: (_: unknown, rule: QualityRuleCount) => (
                    <Space size={[4, 4]} wrap>
                      {rule.caseList.map((c) => <Link key={c._id} to={casePaths.caseForm(c.patientid, c._id)}>{c.caseNum}</Link>)}
                      {rule.cases > rule.caseList.length ? <Typography.Text type="secondary">and {rule.cases - rule.caseList.length} more</Typography.Text> : null}
                    </Space>
                  ),
                },
              ]}
            />
          </div>
          <div>
            <Typography.Title level={4}>Completeness by section</Typography.Title>
            <Denominator figure="sections" from={summary.from} to={summary.to} />
            <Table<QualityCompleteness> rowKey="label" size="small" pagination={false} dataSource={summary.sections.filter((s) => s.asked > 0)} columns={completenessColumns} />
          </div>
          <div>
            <Typography.Title level={4}>Completeness by field</Typography.Title>
            <Denominator figure="fields" from={summary.from} to={summary.to} />
            <Table<QualityCompleteness>
              rowKey={(row) => row.field ?? row.label}
              size="small"
              pagination={{ pageSize: 25 }}
              dataSource={summary.fields}
              columns={[{ title: 'Section', dataIndex: 'section', key: 'section' }, ...completenessColumns]}
            />
          </div>
        </Space>
      )}
    </section>
  );
}
