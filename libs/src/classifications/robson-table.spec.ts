import { robsonTableView } from '../reports/robson-view.js';
import { robsonTable } from './robson-table.js';

describe("WHO's Robson report table: group size and share, CS count and rate, absolute and relative contribution", () => {
  // 20 women: group 1 has 8 (2 CS), 3 has 6 (0 CS), 5.1 has 4 (3 CS), 8 has 1 (1 CS), 1 not classifiable (1 CS). 7 CS.
  const table = robsonTable([
    { segment: '1', women: 8, caesareans: 2 },
    { segment: '3', women: 6, caesareans: 0 },
    { segment: '5.1', women: 4, caesareans: 3 },
    { segment: '8', women: 1, caesareans: 1 },
    { segment: 'unclassifiable', women: 1, caesareans: 1 },
  ]);
  const row = (group: string) => table.rows.find((r) => r.group === group)!;

  it('every group and sub-group is a row in WHO order, then the unclassifiable', () => {
    expect(table.rows.map((r) => r.group)).toEqual(['1', '2a', '2b', '3', '4a', '4b', '5.1', '5.2', '6', '7', '8', '9', '10', 'unclassifiable']);
  });

  it('each cell worked by hand', () => {
    expect(table.total).toEqual({ women: 20, caesareans: 7, caesareanRate: 35 });
    expect(row('1')).toMatchObject({ women: 8, share: 40, caesareans: 2, caesareanRate: 25, absoluteContribution: 10 });
    expect(row('1').relativeContribution).toBeCloseTo(28.571, 3);
    expect(row('5.1')).toMatchObject({ women: 4, share: 20, caesareans: 3, caesareanRate: 75, absoluteContribution: 15 });
    expect(row('unclassifiable')).toMatchObject({ women: 1, share: 5, caesareans: 1, caesareanRate: 100, absoluteContribution: 5 });
    expect(row('2a')).toMatchObject({ women: 0, share: 0, caesareans: 0, caesareanRate: null, absoluteContribution: 0, relativeContribution: 0 });
    // The absolute contributions add up to the overall caesarean rate; the shares and relative contributions to 100%.
    const sum = (key: 'share' | 'absoluteContribution' | 'relativeContribution') => table.rows.reduce((s, r) => s + (r[key] ?? 0), 0);
    expect(sum('absoluteContribution')).toBeCloseTo(35, 9);
    expect(sum('share')).toBeCloseTo(100, 9);
    expect(sum('relativeContribution')).toBeCloseTo(100, 9);
  });

  it('shown with one decimal and "-" for zero; with suppression, counts of 1 to 4 are † and what they would give back is hidden', () => {
    const open = robsonTableView(table, false);
    expect(open.rows[0].cells).toEqual(['Group 1', '8', '40.0%', '2', '25.0%', '10.0%', '28.6%']);
    expect(open.total).toEqual(['Total', '20', '100.0%', '7', '35.0%', '35.0%', '100.0%']);
    const hidden = robsonTableView(table, true);
    expect(hidden.rows[0].cells).toEqual(['Group 1', '8', 'x', '†', 'x', 'x', 'x']);
    expect(hidden.rows[3].cells).toEqual(['Group 3', '6', 'x', '-', '-', '-', '-']);
    expect(hidden.total).toEqual(['Total', 'x', 'x', 'x', 'x', 'x', 'x']);
  });
});
