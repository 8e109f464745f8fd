import type { RobsonReportAnswer, RobsonReportRow } from '../api/reports.js';
import { ROBSON_GROUPS, ROBSON_UNCLASSIFIABLE, ROBSON_UNCLASSIFIABLE_LABEL } from './robson.js';

/** Women and caesareans of one Robson segment (a group key, or 'unclassifiable'). */
export interface RobsonCount {
  segment: string;
  women: number;
  caesareans: number;
}

const percent = (part: number, whole: number): number | null => (whole > 0 ? (part * 100) / whole : null);

/**
 * WHO's Robson report table (Robson Classification Implementation Manual, 2017, table 1) from the
 * women and caesareans of each group: the group's size and its share of all women, its caesareans and
 * the caesarean rate within it, and its absolute (group caesareans over all women) and relative (group
 * caesareans over all caesareans) contribution to the overall caesarean rate. Every group is a row, in
 * WHO's order, then the women not classifiable; the totals count every woman, the unclassifiable
 * included, so the shares and the relative contributions add up to 100%. Pure: the department's and
 * the nation's figures both come through it.
 */
export function robsonTable(counts: readonly RobsonCount[]): Pick<RobsonReportAnswer, 'rows' | 'total'> {
  const of = (segment: string) => counts.filter((c) => c.segment === segment).reduce(
    (sum, c) => ({ women: sum.women + c.women, caesareans: sum.caesareans + c.caesareans }), { women: 0, caesareans: 0 },
  );
  const segments = [
    ...ROBSON_GROUPS.map((g) => ({ group: g.key, label: g.label, definition: g.definition })),
    { group: ROBSON_UNCLASSIFIABLE, label: ROBSON_UNCLASSIFIABLE_LABEL, definition: 'An answer the classification needs is not recorded' },
  ];
  const known = new Set(segments.map((s) => s.group));
  const counted = counts.filter((c) => known.has(c.segment));
  const women = counted.reduce((sum, c) => sum + c.women, 0);
  const caesareans = counted.reduce((sum, c) => sum + c.caesareans, 0);
  const rows: RobsonReportRow[] = segments.map((s) => {
    const group = of(s.group);
    return {
      ...s,
      women: group.women,
      share: percent(group.women, women),
      caesareans: group.caesareans,
      caesareanRate: percent(group.caesareans, group.women),
      absoluteContribution: percent(group.caesareans, women),
      relativeContribution: percent(group.caesareans, caesareans),
    };
  });
  return { rows, total: { women, caesareans, caesareanRate: percent(caesareans, women) } };
}
