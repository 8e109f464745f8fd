import { Segmented, Select } from 'antd';
import type { CaseListFilter, CaseViewFilter } from '@pnss/libs/api';
import { SearchBox } from '../../components/search-box.js';
import { DateRangeFilter } from '../../components/date-range-filter.js';
import type { CasesFilters as Filters } from '../../state/list-state.slice.js';

export const CASE_TYPE_OPTIONS: Array<{ value: CaseListFilter; label: string }> = [
  { value: 'all', label: 'All Cases' },
  { value: 'ob', label: 'OB Cases' },
  { value: 'gyne', label: 'Gyne Cases' },
  { value: 'archived', label: 'Archived Cases' },
];

export const CASE_VIEW_OPTIONS: Array<{ value: CaseViewFilter; label: string }> = [
  { value: 'openCase', label: 'Open Case' },
  { value: 'all', label: 'All' },
];

interface CasesFiltersProps {
  filters: Filters;
  onChange: (change: Partial<Filters>) => void;
}

/** Case type, view, admission date range and the case-number search of the cases list. */
export function CasesFilters({ filters, onChange }: CasesFiltersProps) {
  const archived = filters.cases === 'archived';
  return (
    <div className="pnss-cases-filters" role="search" aria-label="Case filters">
      <div style={{ flex: '2 1 240px', minWidth: 0 }}>
        <SearchBox label="Search Case Number" initial={filters.search} onSearch={(search) => onChange({ search })} />
      </div>
      <Select
        aria-label="Case type"
        value={filters.cases}
        options={CASE_TYPE_OPTIONS}
        onChange={(cases) => onChange({ cases })}
        style={{ flex: '1 1 150px', maxWidth: 190, minWidth: 150 }}
      />
      <Segmented<CaseViewFilter>
        aria-label="View"
        // An archived case is set aside, never open: the archived list shows them all.
        value={archived ? 'all' : filters.tag}
        disabled={archived}
        options={CASE_VIEW_OPTIONS}
        onChange={(tag) => onChange({ tag })}
      />
      <DateRangeFilter from={filters.fromdate} to={filters.todate} onChange={onChange} />
    </div>
  );
}
