import jstat from 'jstat';
import type { BirthCounts } from '../classifications/births.js';

/**
 * The exact Poisson (Garwood) 95% interval of a count of events d: lower = chi2(0.025; 2d) / 2 (0 when
 * d is 0), upper = chi2(0.975; 2d + 2) / 2, with the chi-square quantiles of jstat (GLOSSARY.md
 * "maternal mortality ratio"). For 5 events: 1.62 to 11.67; for 0: 0 to 3.69.
 */
export function poissonInterval95(events: number): { lower: number; upper: number } {
  if (!Number.isInteger(events) || events < 0) throw new RangeError(`a count of events is a whole number from 0, not ${events}`);
  const lower = events === 0 ? 0 : jstat.jStat.chisquare.inv(0.025, 2 * events) / 2;
  const upper = jstat.jStat.chisquare.inv(0.975, 2 * events + 2) / 2;
  return { lower, upper };
}

/** A rate with its exact 95% interval, each per `per` of the denominator. */
export interface RateWithInterval {
  events: number;
  denominator: number;
  per: number;
  rate: number;
  lower: number;
  upper: number;
}

/** events / denominator x per, with the exact Poisson 95% interval of the events; null with no denominator. */
export function poissonRate(events: number, denominator: number, per: number): RateWithInterval | null {
  if (!Number.isFinite(denominator) || denominator <= 0) return null;
  const { lower, upper } = poissonInterval95(events);
  return { events, denominator, per, rate: (events / denominator) * per, lower: (lower / denominator) * per, upper: (upper / denominator) * per };
}

/**
 * The maternal mortality ratio (MMR, GLOSSARY.md): maternal deaths, from direct or indirect causes
 * (not coincidental), per 100,000 live births in the same period; live births are babies, so twins
 * count twice. With its exact Poisson 95% interval. 5 deaths in 50,000 live births: 10.0 (3.2 to 23.3);
 * 0 deaths: 0 (0 to 7.4). Null with no live birth. It is not the spec's 'maternal mortality rate'
 * (deaths over obstetric patients discharged, a percent), which is reported beside it.
 */
export function maternalMortalityRatio(deaths: number, liveBirths: number): RateWithInterval | null {
  return poissonRate(deaths, liveBirths, 100_000);
}

/** A rate per 1000, null with no denominator. */
function per1000(events: number, denominator: number): number | null {
  return denominator > 0 ? (events / denominator) * 1000 : null;
}

/** The WHO rates of a set of births, each per 1000 (null with no denominator). */
export interface PerinatalRates {
  /** Live births plus stillbirths (those at or above the threshold). */
  totalBirths: number;
  /** Stillbirths per 1000 total births. */
  stillbirthRate: number | null;
  /** Early neonatal deaths (days 0-6) per 1000 live births. */
  earlyNeonatalMortalityRate: number | null;
  /** Stillbirths plus early neonatal deaths per 1000 total births. */
  perinatalMortalityRate: number | null;
  /** Neonatal deaths (days 0-27) per 1000 live births. */
  neonatalMortalityRate: number | null;
}

/**
 * GLOSSARY.md (WHO): perinatal mortality rate = (stillbirths + early neonatal deaths, days 0-6) per 1000
 * total births; neonatal mortality rate = deaths in days 0-27 per 1000 live births; the stillbirth rate
 * per 1000 total births; the early neonatal mortality rate per 1000 live births.
 */
export function perinatalRates(counts: Pick<BirthCounts, 'liveBirths' | 'stillbirths' | 'earlyNeonatalDeaths' | 'neonatalDeaths'>): PerinatalRates {
  const totalBirths = counts.liveBirths + counts.stillbirths;
  return {
    totalBirths,
    stillbirthRate: per1000(counts.stillbirths, totalBirths),
    earlyNeonatalMortalityRate: per1000(counts.earlyNeonatalDeaths, counts.liveBirths),
    perinatalMortalityRate: per1000(counts.stillbirths + counts.earlyNeonatalDeaths, totalBirths),
    neonatalMortalityRate: per1000(counts.neonatalDeaths, counts.liveBirths),
  };
}
