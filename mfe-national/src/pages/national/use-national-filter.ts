import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import dayjs from 'dayjs';
import { NATIONAL_FUNNEL_INDICATORS, YEAR_MONTH_PATTERN, type NationalFunnelIndicator } from '@pnss/libs/api';
import { defaultPeriod, type MonthPeriod } from '../../components/period.js';

export type StillbirthThresholdChoice = 'international' | 'national';

/** What the national views show, kept in the URL so a view can be shared. */
export interface NationalFilter {
  period: MonthPeriod;
  /** One department, or null for all. */
  departmentId: string | null;
  indicator: NationalFunnelIndicator;
  threshold: StillbirthThresholdChoice;
}

export function todayLocal(): string {
  return dayjs().format('YYYY-MM-DD');
}

export function useNationalFilter(): [NationalFilter, (change: Partial<NationalFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const filter = useMemo<NationalFilter>(() => {
    const fallback = defaultPeriod(todayLocal());
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    const valid = YEAR_MONTH_PATTERN.test(from) && YEAR_MONTH_PATTERN.test(to) && from <= to;
    const indicator = params.get('indicator') as NationalFunnelIndicator | null;
    return {
      period: valid ? { from, to } : fallback,
      departmentId: params.get('department') || null,
      indicator: indicator && NATIONAL_FUNNEL_INDICATORS.includes(indicator) ? indicator : 'mmr',
      threshold: params.get('threshold') === 'national' ? 'national' : 'international',
    };
  }, [params]);

  const update = useCallback(
    (change: Partial<NationalFilter>) => {
      const next = { ...filter, ...change };
      const search = new URLSearchParams();
      search.set('from', next.period.from);
      search.set('to', next.period.to);
      if (next.departmentId) search.set('department', next.departmentId);
      if (next.indicator !== 'mmr') search.set('indicator', next.indicator);
      if (next.threshold !== 'international') search.set('threshold', next.threshold);
      setParams(search, { replace: true });
    },
    [filter, setParams],
  );
  return [filter, update];
}
