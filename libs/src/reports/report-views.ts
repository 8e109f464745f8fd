import type { ReportChart, ReportTableAnswer } from '../api/reports.js';
import { NOT_APPLICABLE_SEGMENT, findReportDimension, isShownWhenEmpty } from './report-dimensions.js';
import { reportCellText, wholePercent } from './report-figures.js';
import { type CellMark, markedText, suppressList, suppressTable } from './suppression.js';

export type ReportValueMode = 'value' | 'percentage';

/** How the table's percentages are taken, said once for the screen and the exports. */
export const PERCENTAGE_RULE =
  "Percentages: each cell of a row is a share of that row's total; the Total column and the Total row are shares of the grand total.";

export interface ReportTableColumn {
  name: string;
  label: string;
}

export interface ReportTableViewRow {
  name: string;
  label: string;
  /** One text per column, '-' for zero. */
  cells: string[];
  total: string;
}

/** The report table as shown and exported: every cell's text follows SPEC.md §2 ('-' for zero or 0%). */
export interface ReportTableView {
  rowTitle: string;
  columns: ReportTableColumn[];
  rows: ReportTableViewRow[];
  totalRow: ReportTableViewRow;
}

function text(mark: CellMark, count: number, whole: number, mode: ReportValueMode): string {
  return markedText(mark, reportCellText(count, whole, mode));
}

/**
 * The cross columns worth a column: every segment of the cross category, N/A and the segments shown
 * only when counted ('Estimated, spans groups') only when they count a case.
 */
export function tableColumns(answer: ReportTableAnswer): ReportTableColumn[] {
  if (!answer.cross) return [];
  const dimension = findReportDimension(answer.cross.name);
  const counted = (name: string) => (answer.total.crosssegments?.[name] ?? 0) > 0 || answer.rows.some((r) => (r.crosssegments?.[name] ?? 0) > 0);
  const columns = answer.cross.segments
    .filter((s) => !dimension || isShownWhenEmpty(dimension, s.name) || counted(s.name))
    .map((s) => ({ name: s.name, label: s.label }));
  const na = answer.total.crosssegments?.[NOT_APPLICABLE_SEGMENT] ?? 0;
  const anyNa = na > 0 || answer.rows.some((r) => (r.crosssegments?.[NOT_APPLICABLE_SEGMENT] ?? 0) > 0);
  return anyNa ? [...columns, { name: NOT_APPLICABLE_SEGMENT, label: NOT_APPLICABLE_SEGMENT }] : columns;
}

export function reportTableView(answer: ReportTableAnswer, mode: ReportValueMode, suppress: boolean): ReportTableView {
  const columns = tableColumns(answer);
  const grand = answer.total.count;
  const cellCounts = answer.rows.map((r) => columns.map((c) => r.crosssegments?.[c.name] ?? 0));
  const columnTotals = columns.map((c) => answer.total.crosssegments?.[c.name] ?? 0);
  const marks = suppress
    ? suppressTable(cellCounts, answer.rows.map((r) => r.count), columnTotals, grand)
    : null;
  const rows = answer.rows.map((row, r) => ({
    name: row.name,
    label: row.label,
    cells: columns.map((_, c) => text(marks?.cells[r][c] ?? 'shown', cellCounts[r][c], row.count, mode)),
    total: text(marks?.rowTotals[r] ?? 'shown', row.count, grand, mode),
  }));
  const totalRow = {
    name: 'Total',
    label: 'Total',
    cells: columns.map((_, c) => text(marks?.columnTotals[c] ?? 'shown', columnTotals[c], grand, mode)),
    total: text(marks?.grandTotal ?? 'shown', grand, grand, mode),
  };
  return { rowTitle: answer.category.label, columns, rows, totalRow };
}

export interface ReportChartViewRow {
  name: string;
  label: string;
  count: string;
  percent: string;
}

/** A chart's readable table: count and whole percent of the chart's total per segment, '-' for zero. */
export function reportChartView(chart: ReportChart, suppress: boolean): { rows: ReportChartViewRow[]; total: ReportChartViewRow } {
  const marks = suppress ? suppressList(chart.segments.map((s) => s.count), chart.total) : null;
  const rows = chart.segments.map((s, i) => {
    const mark = marks?.counts[i] ?? 'shown';
    return {
      name: s.name,
      label: s.label,
      count: markedText(mark, reportCellText(s.count, chart.total, 'value')),
      percent: markedText(mark, reportCellText(s.count, chart.total, 'percentage')),
    };
  });
  const totalMark = marks?.total ?? 'shown';
  return {
    rows,
    total: {
      name: 'Total', label: 'Total',
      count: markedText(totalMark, reportCellText(chart.total, chart.total, 'value')),
      percent: markedText(totalMark, chart.total > 0 ? '100%' : '-'),
    },
  };
}

/** Whole percent of a segment in its chart (for the chart labels). */
export function chartPercent(count: number, total: number): number {
  return wholePercent(count, total);
}
