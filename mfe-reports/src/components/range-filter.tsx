import { Flex, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { DateInput } from '@pnss/web';
import { REPORT_COUNTING_RULE, REPORT_QUARTERS, periodRange, reportYearOptions, type ReportRange } from '@pnss/libs/reports';
import { todayLocal } from './use-report-filter.js';

export interface RangeFilterProps {
  range: ReportRange;
  onChange: (range: ReportRange) => void;
}

/** The year a range is exactly, or a quarter of; null otherwise (the picks then show empty). */
function pickedPeriod(range: ReportRange): { year: number | null; quarter: number | null } {
  const year = Number(range.from.slice(0, 4));
  const whole = periodRange(year);
  if (whole.from === range.from && whole.to === range.to) return { year, quarter: null };
  for (const q of REPORT_QUARTERS) {
    const r = periodRange(year, q.id);
    if (r.from === range.from && r.to === range.to) return { year, quarter: q.id };
  }
  return { year: null, quarter: null };
}

/**
 * FROM and TO (default the last 3 months up to today), the year (2015 to this year) and quarter
 * picks, and the counting rule in one sentence.
 */
export function RangeFilter({ range, onChange }: RangeFilterProps) {
  const picked = pickedPeriod(range);
  const years = reportYearOptions(todayLocal());
  const setDay = (field: 'from' | 'to') => (value: dayjs.Dayjs | null) => {
    if (!value) return;
    const day = value.format('YYYY-MM-DD');
    const next = { ...range, [field]: day };
    // Keep FROM on or before TO: moving one past the other moves both.
    if (next.from > next.to) {
      if (field === 'from') next.to = day;
      else next.from = day;
    }
    onChange(next);
  };
  return (
    <div className="report-filter">
      <Flex wrap gap={12} align="end">
        <label className="report-field">
          <span>FROM</span>
          <DateInput aria-label="FROM" value={dayjs(range.from)} onChange={setDay('from')} allowClear={false} />
        </label>
        <label className="report-field">
          <span>TO</span>
          <DateInput aria-label="TO" value={dayjs(range.to)} onChange={setDay('to')} allowClear={false} />
        </label>
        <label className="report-field">
          <span>Year</span>
          <Select
            aria-label="Year"
            placeholder="Year"
            showSearch
            optionFilterProp="label"
            style={{ width: 110 }}
            value={picked.year}
            options={years.map((y) => ({ value: y, label: String(y) }))}
            onChange={(year: number) => onChange(periodRange(year, picked.quarter))}
          />
        </label>
        <label className="report-field">
          <span>Quarter</span>
          <Select
            aria-label="Quarter"
            placeholder="Quarter"
            showSearch
            optionFilterProp="label"
            style={{ width: 110 }}
            allowClear
            value={picked.quarter}
            options={REPORT_QUARTERS.map((q) => ({ value: q.id, label: q.label }))}
            onChange={(quarter: number | undefined) =>
              onChange(periodRange(picked.year ?? Number(range.from.slice(0, 4)), quarter ?? null))
            }
          />
        </label>
      </Flex>
      <Typography.Paragraph type="secondary" className="report-rule" style={{ margin: '8px 0 0' }}>
        {REPORT_COUNTING_RULE}
      </Typography.Paragraph>
    </div>
  );
}
