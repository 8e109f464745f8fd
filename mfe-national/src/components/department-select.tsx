import { Select } from 'antd';
import { useGetNationalDepartmentsQuery } from '../api/national.api.js';

export interface DepartmentSelectProps {
  value: string | null;
  onChange: (departmentId: string | null) => void;
}

/** All departments, or one of those the hub knows (a key or a package). */
export function DepartmentSelect({ value, onChange }: DepartmentSelectProps) {
  const { data, isLoading, isError } = useGetNationalDepartmentsQuery();
  return (
    <label className="national-field">
      <span>Department</span>
      <Select<string>
        aria-label="Department"
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder="All departments"
        style={{ minWidth: 220 }}
        loading={isLoading}
        status={isError ? 'error' : undefined}
        value={value ?? undefined}
        onChange={(next) => onChange(next ?? null)}
        options={(data?.items ?? []).map((d) => ({ value: d.departmentId, label: d.departmentId }))}
        notFoundContent={isError ? 'The departments could not be loaded.' : 'No department has sent a package yet.'}
      />
    </label>
  );
}
