/**
 * The national figures in words (GLOSSARY.md, WHO): what each counts, over what, and per how many, so
 * that every screen and export quotes one definition. The counting itself is in rates/rates.ts and
 * classifications/ (births.ts, icd-mm.ts, robson-table.ts).
 */
export interface RateDefinition {
  /** The figure's name with its unit, as a column or a heading says it. */
  label: string;
  /** The events counted, in words. */
  events: string;
  /** The denominator, in words. */
  denominator: string;
  per: number;
  /** The whole definition in one sentence. */
  sentence: string;
}

function define(label: string, events: string, denominator: string, per: number, more = ''): RateDefinition {
  const perWords = per === 100 ? 'per 100 (a percent of)' : `per ${per.toLocaleString('en-US')}`;
  return { label, events, denominator, per, sentence: `${label}: ${events} ${perWords} ${denominator}.${more ? ` ${more}` : ''}` };
}

export const RATE_DEFINITIONS = {
  mmr: define(
    'Maternal mortality ratio per 100,000 live births',
    'maternal deaths (during pregnancy or within 42 days of its end) from direct, indirect or unknown causes, not coincidental (ICD-MM group 9)',
    'live births of the obstetric cases counted (babies: twins count twice)',
    100_000,
    'Its 95% interval is the exact Poisson (Garwood) interval of the deaths.',
  ),
  stillbirth: define('Stillbirth rate per 1000 total births', 'stillbirths (born dead at or above the threshold)', 'total births (live births plus stillbirths)', 1000),
  earlyNeonatal: define('Early neonatal mortality rate per 1000 live births', 'deaths of live-born babies in days 0-6', 'live births', 1000),
  perinatal: define(
    'Perinatal mortality rate per 1000 total births',
    'stillbirths plus early neonatal deaths (days 0-6)',
    'total births (live births plus stillbirths)',
    1000,
  ),
  neonatal: define('Neonatal mortality rate per 1000 live births', 'deaths of live-born babies in days 0-27', 'live births', 1000),
  caesarean: define('Caesarean section rate (%)', 'women delivered by caesarean section', 'women who gave birth', 100),
} as const satisfies Record<string, RateDefinition>;

/** The stillbirth threshold in words: 'born dead at 28 weeks or more, or 1000 g or more'. */
export function thresholdWords(threshold: { weeks: number; grams: number }): string {
  return `a stillbirth is a baby born dead at ${threshold.weeks} weeks or more, or ${threshold.grams} g or more; below it, in no rate`;
}
