import { monthsBetween } from './national-figures.service.js';
import { type MonthRange, periodParts } from './national.repository.js';

/** The months a decomposition counts: its years' months and its added months, less its subtracted ones (each month's multiplicity). */
function counted(parts: ReturnType<typeof periodParts>): Map<string, number> {
  const tally = new Map<string, number>();
  const add = (month: string, by: number) => tally.set(month, (tally.get(month) ?? 0) + by);
  for (const year of parts.years) for (const month of monthsBetween(`${year}-01`, `${year}-12`)) add(month, 1);
  const each = (ranges: MonthRange[], by: number) => ranges.forEach((r) => monthsBetween(r.from, r.to).forEach((m) => add(m, by)));
  each(parts.add, 1);
  each(parts.subtract, -1);
  for (const [month, n] of tally) if (n === 0) tally.delete(month);
  return tally;
}

describe('periodParts: a period read as whole years of the yearly counts and the months at its edges', () => {
  it('counts every month of the period exactly once and no other month (every period of up to ten years over fifteen years)', () => {
    const months = monthsBetween('2018-01', '2032-12');
    for (let i = 0; i < months.length; i += 1) {
      for (const length of [1, 2, 5, 6, 7, 11, 12, 13, 24, 60, 61, 120]) {
        const to = months[i + length - 1];
        if (!to) continue;
        for (const cost of [2, 8]) {
          const parts = periodParts(months[i], to, cost, '2026-10');
          const tally = counted(parts);
          expect([...tally.keys()].sort()).toEqual(monthsBetween(months[i], to));
          expect([...tally.values()].every((n) => n === 1)).toBe(true);
        }
      }
    }
  });

  it('reads a whole year from the yearly level and a few edge months from the monthly counts', () => {
    expect(periodParts('2021-11', '2026-10', 2, '2026-11')).toEqual({
      years: ['2022', '2023', '2024', '2025', '2026'], add: [{ from: '2021-11', to: '2021-12' }], subtract: [{ from: '2026-11', to: '2026-12' }],
    });
    expect(periodParts('2025-01', '2025-12', 2, '2026-11')).toEqual({ years: ['2025'], add: [], subtract: [] });
    // Eleven months of a past year: the year less its twelfth month.
    expect(periodParts('2024-02', '2024-12', 2, '2026-11')).toEqual({ years: ['2024'], add: [], subtract: [{ from: '2024-01', to: '2024-01' }] });
    // Three months: read as they are.
    expect(periodParts('2024-03', '2024-05', 2, '2026-11')).toEqual({ years: [], add: [{ from: '2024-03', to: '2024-05' }], subtract: [] });
  });
});
