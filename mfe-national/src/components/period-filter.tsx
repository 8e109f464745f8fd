import { DatePicker, Flex, Select } from 'antd';
import dayjs from 'dayjs';
import { REPORT_QUARTERS, reportYearOptions } from '@pnss/libs/reports';
import { MONTHS, PERIOD_KINDS, monthPeriod, periodOf, periodOfKind, quarterPeriod, yearPeriod, type MonthPeriod, type PeriodKind } from './period.js';

export interface PeriodFilterProps {
  period: MonthPeriod;
  onChange: (period: MonthPeriod) => void;
  /** 'YYYY-MM-DD' today, for the list of years. */
  today: string;
}

const MONTH_FORMAT = 'YYYY-MM';

/**
 * The period of the national figures: a month, a quarter, a year or a custom run of months (issue 29).
 * Each control has its visible label and its accessible name; all are antd controls the keyboard works.
 */
export function PeriodFilter({ period, onChange, today }: PeriodFilterProps) {
  const picked = periodOf(period);
  const years = reportYearOptions(today);
  const setMonth = (field: 'from' | 'to') => (value: dayjs.Dayjs | null) => {
    if (!value) return;
    const month = value.format(MONTH_FORMAT);
    const next = { ...period, [field]: month };
    // Keep the first month on or before the last: moving one past the other moves both.
    if (next.from > next.to) {
      if (field === 'from') next.to = month;
      else next.from = month;
    }
    onChange(next);
  };
  return (
    <Flex wrap gap={12} align="end" className="national-period">
      <label className="national-field">
        <span>Period</span>
        <Select<PeriodKind>
          aria-label="Period"
          style={{ width: 120 }}
          value={picked.kind}
          options={PERIOD_KINDS.map((k) => ({ value: k.value, label: k.label }))}
          onChange={(kind) => onChange(periodOfKind(kind, period))}
        />
      </label>
      {picked.kind === 'custom' ? (
        <>
          <label className="national-field">
            <span>From month</span>
            <DatePicker picker="month" format={MONTH_FORMAT} aria-label="From month" value={dayjs(`${period.from}-01`)} onChange={setMonth('from')} allowClear={false} />
          </label>
          <label className="national-field">
            <span>To month</span>
            <DatePicker picker="month" format={MONTH_FORMAT} aria-label="To month" value={dayjs(`${period.to}-01`)} onChange={setMonth('to')} allowClear={false} />
          </label>
        </>
      ) : (
        <label className="national-field">
          <span>Year</span>
          <Select<number>
            aria-label="Year"
            showSearch
            optionFilterProp="label"
            style={{ width: 100 }}
            value={picked.year}
            options={years.map((y) => ({ value: y, label: String(y) }))}
            onChange={(year) => {
              if (picked.kind === 'month') onChange(monthPeriod(year, picked.month));
              else if (picked.kind === 'quarter') onChange(quarterPeriod(year, picked.quarter));
              else onChange(yearPeriod(year));
            }}
          />
        </label>
      )}
      {picked.kind === 'quarter' && (
        <label className="national-field">
          <span>Quarter</span>
          <Select<number>
            aria-label="Quarter"
            style={{ width: 110 }}
            value={picked.quarter}
            options={REPORT_QUARTERS.map((q) => ({ value: q.id, label: q.label }))}
            onChange={(quarter) => onChange(quarterPeriod(picked.year, quarter))}
          />
        </label>
      )}
      {picked.kind === 'month' && (
        <label className="national-field">
          <span>Month</span>
          <Select<number>
            aria-label="Month"
            showSearch
            optionFilterProp="label"
            style={{ width: 140 }}
            value={picked.month}
            options={MONTHS.map((name, i) => ({ value: i + 1, label: name }))}
            onChange={(month) => onChange(monthPeriod(picked.year, month))}
          />
        </label>
      )}
    </Flex>
  );
}
