// Answers of the hub's national routes for the component tests, shaped by libs/src/api/national.ts.
// The counts are chosen so that each suppression case shows: 3 maternal deaths (small), a group of
// 2 women (small) and totals that would give them back.
import type {
  NationalCount, NationalFiguresAnswer, NationalFunnelAnswer, NationalPerinatal, NationalRate, NationalRobsonRow,
} from '@pnss/libs/api';
import { isSmallCount } from '@pnss/libs/reports';

export const n = (count: number, mark: NationalCount['mark'] = isSmallCount(count) ? 'small' : 'shown'): NationalCount => ({ count, mark });

function rate(events: NationalCount, denominator: NationalCount, per: number, interval?: [number, number]): NationalRate {
  const d = denominator.count ?? 0;
  return { events, denominator, per, rate: d > 0 ? ((events.count ?? 0) / d) * per : null, lower: interval?.[0] ?? null, upper: interval?.[1] ?? null };
}

function perinatal(label: string, weeks: number, grams: number, stillbirths: number): NationalPerinatal {
  const live = 9_990;
  const total = live + stillbirths;
  return {
    label, threshold: { weeks, grams },
    liveBirths: n(live), stillbirths: n(stillbirths), earlyNeonatalDeaths: n(30), neonatalDeaths: n(41), belowThreshold: n(2), thresholdUnknown: n(0),
    outcomeUnknown: n(0), totalBirths: n(total), stillbirthRate: (stillbirths * 1000) / total, earlyNeonatalMortalityRate: (30 * 1000) / live,
    perinatalMortalityRate: ((stillbirths + 30) * 1000) / total, neonatalMortalityRate: (41 * 1000) / live,
  };
}

const robsonRow = (group: string, label: string, women: number, caesareans: number, totalWomen: number, totalCs: number): NationalRobsonRow => ({
  group, label, definition: `Definition of ${label}`, women: n(women), caesareans: n(caesareans),
  share: (women * 100) / totalWomen, caesareanRate: women > 0 ? (caesareans * 100) / women : null,
  absoluteContribution: (caesareans * 100) / totalWomen, relativeContribution: (caesareans * 100) / totalCs,
});

export function figuresAnswer(extra: Partial<NationalFiguresAnswer> = {}): NationalFiguresAnswer {
  const deaths = n(3);
  const liveBirths = n(10_000);
  return {
    from: '2026-04', to: '2026-06', departmentId: null, departments: 2, cases: 12_000, obstetricCases: 10_500,
    maternal: {
      // 3 deaths in 10,000 live births: 30.0 per 100,000, exact Poisson 95% interval 6.2 to 87.7.
      mmr: rate(deaths, liveBirths, 100_000, [6.187, 87.673]),
      coincidentalDeaths: n(0), unmappedDeaths: n(0), totalDeaths: n(3),
      byIcdMmGroup: [
        { group: '1', label: 'Pregnancies with abortive outcome', type: 'direct', deaths: n(0), inRatio: true },
        { group: '3', label: 'Obstetric haemorrhage', type: 'direct', deaths: n(2), inRatio: true },
        { group: '7', label: 'Non-obstetric complications', type: 'indirect', deaths: n(1), inRatio: true },
        { group: '9', label: 'Coincidental causes', type: 'coincidental', deaths: n(0), inRatio: false },
      ],
      byTiming: [
        { segment: '1', label: 'During pregnancy', count: n(0) },
        { segment: '3', label: 'Postpartum', count: n(3) },
      ],
      definition: 'Maternal mortality ratio (WHO)',
    },
    perinatal: { international: perinatal('International (WHO): 28 weeks or 1000 g', 28, 1000, 60), national: perinatal('National: 22 weeks or 500 g', 22, 500, 75) },
    caesarean: {
      rate: rate(n(3_402), n(10_000), 100),
      robson: [
        robsonRow('1', 'Group 1', 4_000, 800, 10_000, 3_402),
        robsonRow('5.1', 'Group 5.1', 2_000, 1_600, 10_000, 3_402),
        robsonRow('10', 'Group 10', 3_998, 1_000, 10_000, 3_402),
        robsonRow('unclassifiable', 'Not classifiable', 2, 2, 10_000, 3_402),
      ],
      unclassifiableShare: 0.02,
    },
    rule: 'Each case of the latest ingested version of its submission, once.',
    suppression: "Counts from 1 to 4 are shown as '†', and totals that would reveal them are shown as 'x'.",
    dataAsOf: '2026-07-10T09:30:00.000Z',
    ...extra,
  };
}

export function funnelAnswer(extra: Partial<NationalFunnelAnswer> = {}): NationalFunnelAnswer {
  return {
    from: '2026-04', to: '2026-06', indicator: 'caesarean', definition: 'Caesarean section rate (%)', model: 'binomial', per: 100,
    nationalRate: 34.0, nationalEvents: 3_400, nationalDenominator: 10_000,
    points: [
      { departmentId: 'DEPT-NORTH', events: 2_200, denominator: 6_000, rate: 36.7, position95: 'above', position998: 'above' },
      { departmentId: 'DEPT-SOUTH', events: 1_195, denominator: 3_950, rate: 30.3, position95: 'below', position998: 'inside' },
      { departmentId: 'DEPT-ISLAND', events: 5, denominator: 50, rate: 10.0, position95: 'below', position998: 'inside' },
    ],
    limits: [
      { denominator: 50, lower95: 21.3, upper95: 47.8, lower998: 14.6, upper998: 55.1 },
      { denominator: 1_000, lower95: 31.1, upper95: 37.0, lower998: 29.5, upper998: 38.7 },
      { denominator: 6_000, lower95: 32.8, upper95: 35.2, lower998: 32.1, upper998: 35.9 },
    ],
    ...extra,
  };
}
