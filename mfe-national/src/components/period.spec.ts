import { defaultPeriod, monthPeriod, monthsOf, periodLabel, periodOf, periodOfKind, quarterPeriod } from './period.js';

describe('the periods of the national figures: month, quarter, year or a custom run of months', () => {
  it('a period is recognised as the month, quarter or year it is, and anything else is custom', () => {
    expect(periodOf({ from: '2026-04', to: '2026-04' }).kind).toBe('month');
    expect(periodOf({ from: '2026-04', to: '2026-06' }).kind).toBe('quarter');
    expect(periodOf({ from: '2026-01', to: '2026-12' }).kind).toBe('year');
    expect(periodOf({ from: '2026-05', to: '2026-06' }).kind).toBe('custom');
    expect(periodOf({ from: '2025-11', to: '2026-02' }).kind).toBe('custom');
  });

  it('changing the kind keeps where the period starts: May 2026 becomes quarter 2, then 2026', () => {
    const may = monthPeriod(2026, 5);
    expect(periodOfKind('quarter', may)).toEqual({ from: '2026-04', to: '2026-06' });
    expect(periodOfKind('year', may)).toEqual({ from: '2026-01', to: '2026-12' });
    expect(periodOfKind('month', quarterPeriod(2026, 2))).toEqual({ from: '2026-04', to: '2026-04' });
  });

  it('the period is named in words', () => {
    expect(periodLabel(monthPeriod(2026, 5))).toBe('May 2026');
    expect(periodLabel({ from: '2026-07', to: '2026-09' })).toBe('Quarter 3 2026');
    expect(periodLabel({ from: '2026-01', to: '2026-12' })).toBe('2026');
    expect(periodLabel({ from: '2025-11', to: '2026-02' })).toBe('November 2025 to February 2026');
  });

  it('the default is the last whole quarter: in February 2026, quarter 4 of 2025', () => {
    expect(defaultPeriod('2026-02-14')).toEqual({ from: '2025-10', to: '2025-12' });
    expect(defaultPeriod('2026-11-25')).toEqual({ from: '2026-07', to: '2026-09' });
  });

  it('the months of a period run across a new year', () => {
    expect(monthsOf({ from: '2025-11', to: '2026-02' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});
