import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import dayjs from 'dayjs';
import { SUPPRESSION_DEFAULT, defaultReportRange, type ReportRange, type ReportValueMode } from '@pnss/libs/reports';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What a report shows, kept in the URL so a view can be shared: range, categories, mode, suppression. */
export interface ReportFilter {
  range: ReportRange;
  /** Row category of the table. */
  row: string;
  /** Column category; '' for N/A. */
  col: string;
  mode: ReportValueMode;
  /** The one small-cell suppression control: the screen and its exports follow it. On unless 'suppress=0'. */
  suppress: boolean;
}

export const DEFAULT_ROW = 'MotherCondition';

export function todayLocal(): string {
  return dayjs().format('YYYY-MM-DD');
}

export function useReportFilter(): [ReportFilter, (change: Partial<ReportFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const filter = useMemo<ReportFilter>(() => {
    const fallback = defaultReportRange(todayLocal());
    const from = params.get('from');
    const to = params.get('to');
    return {
      range: { from: from && DAY.test(from) ? from : fallback.from, to: to && DAY.test(to) ? to : fallback.to },
      row: params.get('row') || DEFAULT_ROW,
      col: params.get('col') ?? '',
      mode: params.get('mode') === 'percentage' ? 'percentage' : 'value',
      suppress: params.has('suppress') ? params.get('suppress') !== '0' : SUPPRESSION_DEFAULT,
    };
  }, [params]);

  const update = useCallback(
    (change: Partial<ReportFilter>) => {
      const next = { ...filter, ...change };
      const search = new URLSearchParams();
      search.set('from', next.range.from);
      search.set('to', next.range.to);
      if (next.row !== DEFAULT_ROW) search.set('row', next.row);
      if (next.col) search.set('col', next.col);
      if (next.mode === 'percentage') search.set('mode', 'percentage');
      if (next.suppress !== SUPPRESSION_DEFAULT) search.set('suppress', next.suppress ? '1' : '0');
      setParams(search, { replace: true });
    },
    [filter, setParams],
  );
  return [filter, update];
}
