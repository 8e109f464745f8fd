/**
 * Small-cell suppression, as statistical offices publish registry data: a count from 1 to 4 is not
 * shown, and any total that would let a suppressed count be worked back is hidden. The marks are
 * signs, never numbers: '<5' in a percentage column read as 'under 5%', so a suppressed cell is '†'
 * and a hidden total 'x', and the legend (SUPPRESSION_NOTE) says what they mean wherever they appear:
 * under each table and chart on screen and in the heading of every CSV and XLSX export. This module
 * is the one definition; the screens and the exports call it.
 */
export const SUPPRESSED_TEXT = '†';
export const HIDDEN_TOTAL_TEXT = 'x';
export const SUPPRESSION_NOTE = `${SUPPRESSED_TEXT} a count from 1 to 4 (or a percentage made from one), not shown; `
  + `${HIDDEN_TOTAL_TEXT} a total or rate not shown because it would give a ${SUPPRESSED_TEXT} count back.`;

/** Small-cell suppression is on unless it is turned off: the screens and the exports start with it on. */
export const SUPPRESSION_DEFAULT = true;

/** A count as a report shows it: the number, or '†' when suppression is on and the count is 1 to 4. */
export function suppressedCount(count: number, suppress: boolean): string {
  return suppress && isSmallCount(count) ? SUPPRESSED_TEXT : String(count);
}

/** How a number is shown: as it is, as '†', or hidden ('x'). */
export type CellMark = 'shown' | 'small' | 'hidden';

export function isSmallCount(count: number): boolean {
  return count >= 1 && count <= 4;
}

export interface TableMarks {
  cells: CellMark[][];
  rowTotals: CellMark[];
  columnTotals: CellMark[];
  grandTotal: CellMark;
}

/**
 * Marks of a table of counts with its totals. A total is hidden when the line it sums holds a
 * suppressed cell (it would give that cell back by subtraction), and the grand total when any row or
 * column total is suppressed or hidden; a total of 1 to 4 is itself '†'.
 */
export function suppressTable(cells: readonly (readonly number[])[], rowTotals: readonly number[], columnTotals: readonly number[], grandTotal: number): TableMarks {
  const cellMarks: CellMark[][] = cells.map((row) => row.map((n) => (isSmallCount(n) ? 'small' : 'shown')));
  const totalMark = (total: number, line: readonly CellMark[]): CellMark => {
    if (isSmallCount(total)) return 'small';
    return line.some((m) => m !== 'shown') ? 'hidden' : 'shown';
  };
  const rowMarks = rowTotals.map((total, r) => totalMark(total, cellMarks[r] ?? []));
  const columnMarks = columnTotals.map((total, c) => totalMark(total, cellMarks.map((row) => row[c] ?? 'shown')));
  let grand: CellMark = 'shown';
  if (isSmallCount(grandTotal)) grand = 'small';
  else if ([...rowMarks, ...columnMarks].some((m) => m !== 'shown')) grand = 'hidden';
  return { cells: cellMarks, rowTotals: rowMarks, columnTotals: columnMarks, grandTotal: grand };
}

/** Marks of a one-way list of counts (a chart) and its total. */
export function suppressList(counts: readonly number[], total: number): { counts: CellMark[]; total: CellMark } {
  const marks = counts.map((n): CellMark => (isSmallCount(n) ? 'small' : 'shown'));
  const totalMark: CellMark = isSmallCount(total) ? 'small' : marks.some((m) => m !== 'shown') ? 'hidden' : 'shown';
  return { counts: marks, total: totalMark };
}

/** The text of a cell given its mark: '†', 'x', or the shown text. */
export function markedText(mark: CellMark, shown: string): string {
  if (mark === 'small') return SUPPRESSED_TEXT;
  if (mark === 'hidden') return HIDDEN_TOTAL_TEXT;
  return shown;
}
