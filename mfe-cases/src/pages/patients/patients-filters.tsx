import { Segmented, Select } from 'antd';
import type { PatientListTag } from '@pnss/libs/api';
import { SearchBox } from '../../components/search-box.js';
import { DateRangeFilter } from '../../components/date-range-filter.js';
import type { PatientsFilters as Filters } from '../../state/list-state.slice.js';

export const PATIENT_CASE_TYPE_OPTIONS: Array<{ value: Filters['cases']; label: string }> = [
  { value: 'all', label: 'All Cases' },
  { value: 'ob', label: 'OB Cases' },
  { value: 'gyne', label: 'Gyne Cases' },
];

/** SPEC.md §4 patient list filter: allPatients, openCase, admitted. */
export const PATIENT_VIEW_OPTIONS: Array<{ value: PatientListTag; label: string }> = [
  { value: 'allPatients', label: 'All' },
  { value: 'openCase', label: 'Open Case' },
  { value: 'admitted', label: 'Admitted' },
];

interface PatientsFiltersProps {
  filters: Filters;
  onChange: (change: Partial<Filters>) => void;
}

/** Case type, view, admission date range and the name search of the patients list. */
export function PatientsFilters({ filters, onChange }: PatientsFiltersProps) {
  return (
    <div className="pnss-cases-filters" role="search" aria-label="Patient filters">
      <div style={{ flex: '2 1 240px', minWidth: 0 }}>
        <SearchBox label="Search Patients" initial={filters.search} onSearch={(search) => onChange({ search })} />
      </div>
      <Select
        aria-label="Case type"
        value={filters.cases}
        options={PATIENT_CASE_TYPE_OPTIONS}
        onChange={(cases) => onChange({ cases })}
        style={{ flex: '1 1 120px', maxWidth: 170, minWidth: 120 }}
      />
      <Segmented<PatientListTag>
        aria-label="View"
        value={filters.tag}
        options={PATIENT_VIEW_OPTIONS}
        onChange={(tag) => onChange({ tag })}
      />
      <DateRangeFilter from={filters.fromdate} to={filters.todate} onChange={onChange} />
    </div>
  );
}
