import type { RobsonReportAnswer } from '../api/reports.js';
import { type CellMark, markedText, suppressList } from './suppression.js';

/** The Robson table as shown and exported: one text per cell. */
export interface RobsonTableView {
  header: string[];
  rows: Array<{ group: string; cells: string[] }>;
  total: string[];
}

export const ROBSON_TABLE_HEADER = [
  'Group', 'Number of women', 'Group size (%)', 'Number of CS', 'CS rate in group (%)', 'Absolute contribution (%)', 'Relative contribution (%)',
];

/** A percentage with one decimal, as WHO's tables give them; '-' for zero or no denominator (SPEC.md §2: zero shows as '-'). */
export function percentText(value: number | null): string {
  return value === null || value === 0 ? '-' : `${value.toFixed(1)}%`;
}

const countText = (n: number) => (n === 0 ? '-' : String(n));

/**
 * The table's texts, with small-cell suppression when asked (the libs rule, `suppressList`): a count
 * of 1 to 4 women or caesareans is '†', each percentage made from a suppressed count is hidden, and
 * a total that would give a suppressed count back is hidden too.
 */
export function robsonTableView(answer: Pick<RobsonReportAnswer, 'rows' | 'total'>, suppress: boolean): RobsonTableView {
  const women = suppress ? suppressList(answer.rows.map((r) => r.women), answer.total.women) : null;
  const cs = suppress ? suppressList(answer.rows.map((r) => r.caesareans), answer.total.caesareans) : null;
  const hiddenIf = (...marks: CellMark[]): CellMark => (marks.some((m) => m !== 'shown') ? 'hidden' : 'shown');
  // A zero or empty percentage gives nothing back: it stays '-'.
  const pct = (mark: CellMark, value: number | null) => (value === null || value === 0 ? '-' : markedText(mark, percentText(value)));
  const rows = answer.rows.map((r, i) => {
    const w = women?.counts[i] ?? 'shown';
    const c = cs?.counts[i] ?? 'shown';
    const wt = women?.total ?? 'shown';
    const ct = cs?.total ?? 'shown';
    return {
      group: r.group,
      cells: [
        r.label,
        markedText(w, countText(r.women)),
        pct(hiddenIf(w, wt), r.share),
        markedText(c, countText(r.caesareans)),
        pct(hiddenIf(c, w), r.caesareanRate),
        pct(hiddenIf(c, wt), r.absoluteContribution),
        pct(hiddenIf(c, ct), r.relativeContribution),
      ],
    };
  });
  const wt = women?.total ?? 'shown';
  const ct = cs?.total ?? 'shown';
  const total = [
    'Total',
    markedText(wt, countText(answer.total.women)),
    markedText(wt, answer.total.women > 0 ? '100.0%' : '-'),
    markedText(ct, countText(answer.total.caesareans)),
    pct(hiddenIf(ct, wt), answer.total.caesareanRate),
    pct(hiddenIf(ct, wt), answer.total.caesareanRate),
    markedText(ct, answer.total.caesareans > 0 ? '100.0%' : '-'),
  ];
  return { header: ROBSON_TABLE_HEADER, rows, total };
}
