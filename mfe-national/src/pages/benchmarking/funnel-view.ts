import type { FunnelPosition, NationalFunnelAnswer, NationalFunnelIndicator, NationalFunnelPoint } from '@pnss/libs/api';
import { RATE_DEFINITIONS, type RateDefinition } from '@pnss/libs/reports';

/** Each funnel indicator with its definition (libs), its name and what its denominator counts. */
export const INDICATORS: ReadonlyArray<{ value: NationalFunnelIndicator; label: string; definition: RateDefinition; denominator: string; perinatal: boolean }> = [
  { value: 'mmr', label: 'Maternal mortality ratio', definition: RATE_DEFINITIONS.mmr, denominator: 'Live births', perinatal: false },
  { value: 'caesarean', label: 'Caesarean section rate', definition: RATE_DEFINITIONS.caesarean, denominator: 'Women who gave birth', perinatal: false },
  { value: 'stillbirth', label: 'Stillbirth rate', definition: RATE_DEFINITIONS.stillbirth, denominator: 'Total births', perinatal: true },
  { value: 'perinatal', label: 'Perinatal mortality rate', definition: RATE_DEFINITIONS.perinatal, denominator: 'Total births', perinatal: true },
  { value: 'neonatal', label: 'Neonatal mortality rate', definition: RATE_DEFINITIONS.neonatal, denominator: 'Live births', perinatal: true },
];

export function indicatorOf(value: NationalFunnelIndicator) {
  return INDICATORS.find((i) => i.value === value) ?? INDICATORS[0];
}

/** 'per 100,000', 'per 1000' or '%'. */
export function perWords(per: number): string {
  return per === 100 ? '%' : `per ${per.toLocaleString('en-US')}`;
}

export const POSITION_WORDS: Record<FunnelPosition, string> = { inside: 'Within', above: 'Above', below: 'Below' };

/** The departments beyond the 99.8% limits (outliers), then those beyond 95% only (to watch), each sentence naming them. */
export function outlierSentences(answer: NationalFunnelAnswer): { outliers: string; watch: string } {
  const named = (points: NationalFunnelPoint[]) => points.map((p) => `${p.departmentId} (${p.position998 !== 'inside' ? p.position998 : p.position95})`).join(', ');
  const outliers = answer.points.filter((p) => p.position998 !== 'inside');
  const watch = answer.points.filter((p) => p.position998 === 'inside' && p.position95 !== 'inside');
  return {
    outliers: outliers.length === 0 ? 'No department is beyond the 99.8% limits.' : `Beyond the 99.8% limits (outliers): ${named(outliers)}.`,
    watch: watch.length === 0 ? 'No other department is beyond the 95% limits.' : `Beyond the 95% limits only (to watch): ${named(watch)}.`,
  };
}
