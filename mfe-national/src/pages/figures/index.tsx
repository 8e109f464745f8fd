import { useState } from 'react';
import { Alert, Card, Flex, Skeleton, Switch, Typography } from 'antd';
import { LoadError } from '@pnss/web';
import { useGetNationalFiguresQuery } from '../../api/national.api.js';
import { PeriodFilter } from '../../components/period-filter.js';
import { DepartmentSelect } from '../../components/department-select.js';
import { SuppressionLegend } from '../../components/count-cell.js';
import { periodLabel } from '../../components/period.js';
import { todayLocal, useNationalFilter } from '../national/use-national-filter.js';
import { MaternalDeathsPanel, MaternalMortalityPanel } from './maternal-panels.js';
import { PerinatalPanel } from './perinatal-panel.js';
import { CaesareanPanel } from './caesarean-panel.js';

/** When the newest counted package was ingested, as the figures are labelled with it. */
function asOf(iso: string | null): string {
  return iso ? `Figures as of ${new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}` : 'No package has been ingested yet';
}

/**
 * The national figures of a period, for all departments or one (issue 29): the maternal mortality
 * ratio, maternal deaths by ICD-MM group and timing, the WHO perinatal figures, and the caesarean rate
 * by Robson group; each with its definition, each table exportable. Small cells are suppressed on
 * screen as in every published copy; the society's staff may switch to the counts as they are.
 */
export function FiguresTab() {
  const [filter, setFilter] = useNationalFilter();
  const [suppress, setSuppress] = useState(true);
  const query = { from: filter.period.from, to: filter.period.to, ...(filter.departmentId ? { departmentId: filter.departmentId } : {}) };
  const { data, error, isFetching, refetch } = useGetNationalFiguresQuery(query);
  const fresh = data && data.from === query.from && data.to === query.to && data.departmentId === (filter.departmentId ?? null);
  const scope = filter.departmentId ? `Department ${filter.departmentId}` : 'All departments';
  return (
    <>
      <div className="national-toolbar">
        <PeriodFilter period={filter.period} onChange={(period) => setFilter({ period })} today={todayLocal()} />
        <DepartmentSelect value={filter.departmentId} onChange={(departmentId) => setFilter({ departmentId })} />
        <Flex align="center" gap={8} className="national-field">
          <Switch id="national-suppress" checked={suppress} onChange={setSuppress} />
          <label htmlFor="national-suppress">Suppress small cells (as published)</label>
        </Flex>
      </div>
      <Typography.Title level={3} className="national-scope">
        {scope}, {periodLabel(filter.period)}
      </Typography.Title>
      {error ? (
        <LoadError error={error} title="The national figures could not be loaded." onRetry={() => void refetch()} />
      ) : !data || (!fresh && isFetching) ? (
        <Card size="small" aria-busy="true" aria-label="Loading the national figures">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : (
        <>
          <Typography.Paragraph type="secondary" className="national-summary">
            {data.cases.toLocaleString('en-US')} cases ({data.obstetricCases.toLocaleString('en-US')} obstetric) from {data.departments}{' '}
            {data.departments === 1 ? 'department' : 'departments'}. {asOf(data.dataAsOf)}. {data.rule}
          </Typography.Paragraph>
          {data.cases === 0 && <Alert type="info" showIcon style={{ marginBottom: 16 }} title="No case is counted in this period." />}
          {suppress ? <SuppressionLegend /> : <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="Small cells are shown as they are: do not copy these figures out of the society." />}
          <div className="national-grid">
            <MaternalMortalityPanel answer={data} suppress={suppress} query={query} />
            <MaternalDeathsPanel answer={data} suppress={suppress} query={query} />
            <PerinatalPanel answer={data} suppress={suppress} query={query} />
            <CaesareanPanel answer={data} suppress={suppress} query={query} />
          </div>
        </>
      )}
    </>
  );
}
