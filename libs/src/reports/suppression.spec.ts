import type { ReportTableAnswer } from '../api/reports.js';
import { reportCategories } from './report-dimensions.js';
import { reportChartView, reportTableView } from './report-views.js';
import { HIDDEN_TOTAL_TEXT, SUPPRESSED_TEXT, SUPPRESSION_DEFAULT, SUPPRESSION_NOTE, suppressList, suppressTable, suppressedCount } from './suppression.js';

describe("small-cell suppression: counts 1 to 4 shown as the mark '†', totals that would give them back hidden", () => {
  it('a cell of 1 to 4 is suppressed; 0 and 5 are not', () => {
    const marks = suppressTable([[0, 1, 4, 5]], [10], [0, 1, 4, 5], 10);
    expect(marks.cells[0]).toEqual(['shown', 'small', 'small', 'shown']);
  });

  it('a row or column total over a suppressed cell is hidden, and then the grand total too', () => {
    const marks = suppressTable([[10, 2], [20, 30]], [12, 50], [30, 32], 62);
    expect(marks.rowTotals).toEqual(['hidden', 'shown']);
    expect(marks.columnTotals).toEqual(['shown', 'hidden']);
    expect(marks.grandTotal).toBe('hidden');
  });

  it('with no small cell every total is shown', () => {
    const marks = suppressTable([[10, 20], [0, 30]], [30, 30], [10, 50], 60);
    expect([...marks.rowTotals, ...marks.columnTotals, marks.grandTotal]).toEqual(['shown', 'shown', 'shown', 'shown', 'shown']);
  });

  it("the marks cannot be read as values: no digit, no '<', and the legend says what each means", () => {
    for (const mark of [SUPPRESSED_TEXT, HIDDEN_TOTAL_TEXT]) expect(mark).not.toMatch(/[\d<>%]/);
    expect(SUPPRESSED_TEXT).toBe('†');
    expect(SUPPRESSION_NOTE).toContain('† a count from 1 to 4');
    expect(SUPPRESSION_NOTE).toContain('x a total or rate not shown');
  });

  it('is on unless turned off, and a count of 1 to 4 is shown as the mark only while it is on', () => {
    expect(SUPPRESSION_DEFAULT).toBe(true);
    expect(suppressedCount(3, true)).toBe('†');
    expect(suppressedCount(3, false)).toBe('3');
    expect(suppressedCount(5, true)).toBe('5');
    expect(suppressedCount(0, true)).toBe('0');
  });

  it('a small total is itself suppressed', () => {
    expect(suppressTable([[1, 2]], [3], [1, 2], 3).grandTotal).toBe('small');
  });

  it('a chart: small counts suppressed and its total hidden', () => {
    expect(suppressList([12, 3, 0], 15)).toEqual({ counts: ['shown', 'small', 'shown'], total: 'hidden' });
    expect(suppressList([12, 6], 18)).toEqual({ counts: ['shown', 'shown'], total: 'shown' });
  });
});

describe('the report table as shown: zero and 0% as "-", whole percentages, totals', () => {
  const categories = reportCategories();
  const answer: ReportTableAnswer = {
    category: categories.find((c) => c.name === 'MotherCondition')!,
    cross: categories.find((c) => c.name === 'DeathTiming')!,
    from: '2026-01-01', to: '2026-03-31', rule: 'rule',
    rows: [
      { name: '1', label: 'Improved', count: 90, acc: 90, crosssegments: { antepartal: 0, intrapartal: 0, postpartum: 0, puerperal: 0, 'N/A': 0 } },
      { name: '3', label: 'Died', count: 10, acc: 100, crosssegments: { antepartal: 1, intrapartal: 6, postpartum: 3, puerperal: 0, 'N/A': 0 } },
    ],
    total: { name: 'Total', label: 'Total', count: 100, acc: 100, crosssegments: { antepartal: 1, intrapartal: 6, postpartum: 3, puerperal: 0, 'N/A': 0 } },
  };

  it('Value: counts, "-" for zero; an all-zero N/A column is left out', () => {
    const view = reportTableView(answer, 'value', false);
    expect(view.columns.map((c) => c.label)).toEqual(['Antepartal', 'Intrapartal', 'Postpartum', 'Puerperal']);
    expect(view.rows[1]).toMatchObject({ label: 'Died', cells: ['1', '6', '3', '-'], total: '10' });
    expect(view.rows[0].cells).toEqual(['-', '-', '-', '-']);
    expect(view.totalRow).toMatchObject({ cells: ['1', '6', '3', '-'], total: '100' });
  });

  it("Percentage: cells share of the row's total, totals share of the grand total, whole numbers", () => {
    const view = reportTableView(answer, 'percentage', false);
    expect(view.rows[1]).toMatchObject({ cells: ['10%', '60%', '30%', '-'], total: '10%' });
    expect(view.rows[0].total).toBe('90%');
    expect(view.totalRow).toMatchObject({ cells: ['1%', '6%', '3%', '-'], total: '100%' });
  });

  it("with suppression: '†' and 'x'", () => {
    const view = reportTableView(answer, 'value', true);
    expect(view.rows[1]).toMatchObject({ cells: ['†', '6', '†', '-'], total: 'x' });
    expect(view.totalRow).toMatchObject({ cells: ['†', '6', '†', '-'], total: 'x' });
    expect(view.rows[0].total).toBe('90');
  });

  it('a chart table: count and percent of the chart total', () => {
    const chart = { name: 'c', title: 'C', kind: 'bar' as const, counts: '', total: 8, segments: [{ name: 'a', label: 'A', count: 6 }, { name: 'b', label: 'B', count: 2 }, { name: 'z', label: 'Z', count: 0 }] };
    expect(reportChartView(chart, false)).toEqual({
      rows: [{ name: 'a', label: 'A', count: '6', percent: '75%' }, { name: 'b', label: 'B', count: '2', percent: '25%' }, { name: 'z', label: 'Z', count: '-', percent: '-' }],
      total: { name: 'Total', label: 'Total', count: '8', percent: '100%' },
    });
    expect(reportChartView(chart, true).rows[1]).toMatchObject({ count: '†', percent: '†' });
    expect(reportChartView(chart, true).total.count).toBe('x');
  });
});
