import { Alert, Flex, Segmented, Select, Skeleton } from 'antd';
import { NOT_APPLICABLE_SEGMENT } from '@pnss/libs/reports';
import { LoadError } from '@pnss/web';
import { useGetReportCategoriesQuery, useGetReportTableQuery } from '../../api/reports.api.js';
import { ExportControls } from '../../components/export-controls.js';
import { RangeFilter } from '../../components/range-filter.js';
import { ReportTable } from '../../components/report-table.js';
import { SuppressionSwitch } from '../../components/suppression-switch.js';
import { useReportFilter } from '../../components/use-report-filter.js';

/** SPEC.md §2 Reports, Table: row and column categories, Percentage or Value, totals. */
export function TableView() {
  const [filter, setFilter] = useReportFilter();
  const categories = useGetReportCategoriesQuery();
  const cross = filter.col && filter.col !== NOT_APPLICABLE_SEGMENT ? filter.col : undefined;
  const table = useGetReportTableQuery({ category: filter.row, cross, range: filter.range });
  const options = (categories.data ?? []).map((c) => ({ value: c.name, label: c.label }));
  const fresh = table.data && table.data.category.name === filter.row && (table.data.cross?.name ?? undefined) === cross
    && table.data.from === filter.range.from && table.data.to === filter.range.to;

  return (
    <div>
      <div className="report-toolbar">
        <RangeFilter range={filter.range} onChange={(range) => setFilter({ range })} />
      </div>
      <Flex wrap gap={16} align="end" style={{ marginBottom: 16 }}>
        <label className="report-field">
          <span>Row category</span>
          <Select aria-label="Row category" showSearch optionFilterProp="label" style={{ width: 240 }} value={filter.row} options={options} loading={categories.isLoading}
            onChange={(row: string) => setFilter({ row })} />
        </label>
        <label className="report-field">
          <span>Column category</span>
          <Select aria-label="Column category" showSearch optionFilterProp="label" style={{ width: 240 }} value={cross ?? NOT_APPLICABLE_SEGMENT} loading={categories.isLoading}
            options={[{ value: NOT_APPLICABLE_SEGMENT, label: 'N/A' }, ...options]}
            onChange={(col: string) => setFilter({ col: col === NOT_APPLICABLE_SEGMENT ? '' : col })} />
        </label>
        <Segmented
          aria-label="Show"
          value={filter.mode === 'percentage' ? 'Percentage' : 'Value'}
          options={['Value', 'Percentage']}
          onChange={(value) => setFilter({ mode: value === 'Percentage' ? 'percentage' : 'value' })}
        />
        <SuppressionSwitch suppress={filter.suppress} onChange={(suppress) => setFilter({ suppress })} />
        <ExportControls request={{ range: filter.range, table: { category: filter.row, cross, mode: filter.mode } }} suppress={filter.suppress} />
      </Flex>
      {categories.error && <LoadError error={categories.error} title="The report categories could not be loaded." onRetry={() => void categories.refetch()} />}
      {table.error ? (
        <LoadError error={table.error} title="The table could not be loaded." onRetry={() => void table.refetch()} />
      ) : !table.data || (!fresh && table.isFetching) ? (
        <Skeleton active paragraph={{ rows: 8 }} aria-busy="true" />
      ) : (
        <>
          {table.data.total.count === 0 && (
            <Alert type="info" showIcon style={{ marginBottom: 12 }} title="No counted cases in this range for this category" />
          )}
          <ReportTable answer={table.data} mode={filter.mode} suppress={filter.suppress} />
        </>
      )}
    </div>
  );
}
