import { Alert, Card, Skeleton, Table, Typography } from 'antd';
import type { CompletenessState, NationalCompletenessCell, NationalCompletenessRow } from '@pnss/libs/api';
import { LoadError } from '@pnss/web';
import { useGetNationalCompletenessQuery } from '../../api/national.api.js';
import { PeriodFilter } from '../../components/period-filter.js';
import { MONTHS, periodLabel } from '../../components/period.js';
import { ExportButtons } from '../../components/export-buttons.js';
import { formatDateTime } from '../../components/format.js';
import { todayLocal, useNationalFilter } from '../national/use-national-filter.js';

/** Each month's state in words (never colour alone) and its class. */
export const COMPLETENESS_WORDS: Record<CompletenessState, string> = {
  submitted: 'Submitted',
  late: 'Late',
  missing: 'Missing',
  held: 'Held',
};

const monthHeader = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]?.slice(0, 3)} ${month.slice(0, 4)}`;

function cellTitle(cell: NationalCompletenessCell): string {
  if (cell.state === 'missing') return 'No package received for this month';
  const received = cell.receivedAt ? `, received ${formatDateTime(cell.receivedAt)}` : '';
  if (cell.state === 'held') return `Held, nothing counted${received}`;
  return `${cell.cases} cases, ${cell.submissionId ?? ''} version ${cell.version ?? ''}${received}`;
}

/**
 * Completeness (issue 29): which departments submitted which months, as a grid, with late, missing
 * and held months marked in words.
 */
export function CompletenessTab() {
  const [filter, setFilter] = useNationalFilter();
  const query = { from: filter.period.from, to: filter.period.to };
  const { data, error, isFetching, refetch } = useGetNationalCompletenessQuery(query);
  const fresh = data && data.from === query.from && data.to === query.to;
  return (
    <>
      <div className="national-toolbar">
        <PeriodFilter period={filter.period} onChange={(period) => setFilter({ period })} today={todayLocal()} />
      </div>
      <Typography.Title level={3} className="national-scope">
        Months submitted by each department, {periodLabel(filter.period)}
      </Typography.Title>
      {error ? (
        <LoadError error={error} title="The completeness grid could not be loaded." onRetry={() => void refetch()} />
      ) : !data || (!fresh && isFetching) ? (
        <Card size="small" aria-busy="true" aria-label="Loading the completeness grid">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : data.rows.length === 0 ? (
        <Alert type="info" showIcon title="No department is known to the hub yet: issue a department an API key on the Society Hub tab of Submissions." />
      ) : (
        <Card
          size="small"
          title={<span id="national-completeness-title">Completeness</span>}
          extra={<ExportButtons table="completeness" name="the completeness grid" query={query} />}
        >
          <Table<NationalCompletenessRow>
            size="small"
            pagination={false}
            rowKey="departmentId"
            aria-labelledby="national-completeness-title"
            scroll={{ x: 'max-content' }}
            dataSource={data.rows}
            columns={[
              { title: 'Department', dataIndex: 'departmentId', key: 'department', fixed: 'left' },
              ...data.months.map((month, index) => ({
                title: monthHeader(month),
                key: month,
                align: 'center' as const,
                render: (_: unknown, row: NationalCompletenessRow) => {
                  const cell = row.cells.find((c) => c.month === month) ?? row.cells[index];
                  if (!cell) return '-';
                  return (
                    <span className={`national-month national-month-${cell.state}`} title={cellTitle(cell)}>
                      {COMPLETENESS_WORDS[cell.state]}
                    </span>
                  );
                },
              })),
            ]}
          />
          <p className="national-definition">
            {data.rule} Late: received more than {data.lateAfterDays} days after the end of the month. Held: received but not counted (see Ingest).
          </p>
        </Card>
      )}
    </>
  );
}
