import { Card, Table } from 'antd';
import type { NationalFiguresAnswer, NationalPeriodQuery, NationalRobsonRow } from '@pnss/libs/api';
import { RATE_DEFINITIONS, ROBSON_TABLE_HEADER, percentText } from '@pnss/libs/reports';
import { countNode, countWords, derivedNode, rateNode } from '../../components/figure-text.js';
import { ExportButtons } from '../../components/export-buttons.js';

const pct = (value: number | null) => percentText(value);

/**
 * The caesarean section rate and the Robson ten-group table in WHO's format (group size, CS rate in the
 * group, absolute and relative contribution), with the women the classification could not place
 * shown as their own row and share, never dropped.
 */
export function CaesareanPanel({ answer, suppress, query }: { answer: NationalFiguresAnswer; suppress: boolean; query: NationalPeriodQuery }) {
  const { rate, robson, unclassifiableShare } = answer.caesarean;
  const women = rate.denominator;
  const caesareans = rate.events;
  return (
    <Card
      size="small"
      className="national-figure-card national-wide"
      title={<span id="national-robson-title">Caesarean Sections by Robson Group (WHO)</span>}
      extra={<ExportButtons table="robson" name="the Robson table" query={query} />}
    >
      <div className="national-rate">
        <span className="national-rate-value" aria-label={`Caesarean section rate ${countWords(caesareans, suppress)} of ${countWords(women, suppress)} women`}>
          {rateNode(rate, suppress, true)}
        </span>
        <span>
          caesarean sections: {countNode(caesareans, suppress)} of {countNode(women, suppress)} women who gave birth
        </span>
        <span>Not classifiable: {unclassifiableShare === null ? '-' : percentText(unclassifiableShare)} of the women</span>
      </div>
      <Table<NationalRobsonRow>
        size="small"
        style={{ marginTop: 12 }}
        pagination={false}
        rowKey="group"
        aria-labelledby="national-robson-title"
        scroll={{ x: 'max-content' }}
        dataSource={robson}
        expandable={{ expandedRowRender: (r) => <span className="national-definition">{r.definition}</span>, rowExpandable: (r) => r.definition.length > 0 }}
        columns={[
          { title: ROBSON_TABLE_HEADER[0], key: 'group', dataIndex: 'label' },
          { title: ROBSON_TABLE_HEADER[1], key: 'women', align: 'right', render: (_: unknown, r) => countNode(r.women, suppress) },
          { title: ROBSON_TABLE_HEADER[2], key: 'share', align: 'right', render: (_: unknown, r) => derivedNode(r.share, [r.women, women], suppress, pct) },
          { title: ROBSON_TABLE_HEADER[3], key: 'cs', align: 'right', render: (_: unknown, r) => countNode(r.caesareans, suppress) },
          { title: ROBSON_TABLE_HEADER[4], key: 'csRate', align: 'right', render: (_: unknown, r) => derivedNode(r.caesareanRate, [r.caesareans, r.women], suppress, pct) },
          { title: ROBSON_TABLE_HEADER[5], key: 'abs', align: 'right', render: (_: unknown, r) => derivedNode(r.absoluteContribution, [r.caesareans, women], suppress, pct) },
          { title: ROBSON_TABLE_HEADER[6], key: 'rel', align: 'right', render: (_: unknown, r) => derivedNode(r.relativeContribution, [r.caesareans, caesareans], suppress, pct) },
        ]}
      />
      <p className="national-definition">{RATE_DEFINITIONS.caesarean.sentence} Open a group's row for its definition.</p>
    </Card>
  );
}
