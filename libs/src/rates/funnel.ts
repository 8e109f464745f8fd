import jstat from 'jstat';

/**
 * Funnel plots for comparing institutions (Spiegelhalter, "Funnel plots for comparing institutional
 * performance", Statistics in Medicine 2005;24:1185-1202): each department's rate is plotted against
 * its denominator, around the national rate, with control limits that narrow as the denominator
 * grows, so a small department is not called an outlier for one death. The limits are exact: the
 * p-quantile of the number of events a department of that size would have if its true rate were the
 * national one (binomial for a proportion, Poisson for a ratio such as the MMR), interpolated between
 * whole counts as the paper's equation (A.1) does, divided by the denominator.
 */
export type FunnelModel = 'binomial' | 'poisson';

/** The two pairs of limits a funnel plot draws: 95% (about 2 SD) and 99.8% (about 3 SD). */
export const FUNNEL_LEVELS = { p95: [0.025, 0.975], p998: [0.001, 0.999] } as const;

/** P(X <= k) for X ~ Binomial(n, p): 1 - I_p(k + 1, n - k) = I_(1-p)(n - k, k + 1), by jstat's incomplete beta. */
export function binomialCdf(k: number, n: number, p: number): number {
  if (k < 0) return 0;
  if (k >= n) return 1;
  if (p <= 0) return 1;
  if (p >= 1) return 0;
  return jstat.jStat.ibeta(1 - p, n - k, k + 1);
}

/** P(X <= k) for X ~ Poisson(mean): 1 - P(k + 1, mean), by jstat's regularized lower incomplete gamma. */
export function poissonCdf(k: number, mean: number): number {
  if (k < 0) return 0;
  if (mean <= 0) return 1;
  return 1 - jstat.jStat.lowRegGamma(k + 1, mean);
}

/**
 * The exact limit, as a proportion of the denominator, below which a fraction `p` of departments of
 * size `denominator` with the national rate `theta` (events per unit of denominator) would fall.
 */
export function funnelLimit(model: FunnelModel, theta: number, denominator: number, p: number): number {
  if (!(denominator > 0)) throw new RangeError(`a funnel limit needs a denominator above 0, not ${denominator}`);
  const cdf = model === 'binomial' ? (k: number) => binomialCdf(k, denominator, theta) : (k: number) => poissonCdf(k, theta * denominator);
  // The smallest whole count r with F(r) >= p, by bisection (F grows with r).
  let lo = 0;
  let hi = model === 'binomial' ? denominator : Math.max(10, Math.ceil(theta * denominator * 4 + 50));
  while (cdf(hi) < p) hi *= 2;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (cdf(mid) >= p) hi = mid;
    else lo = mid + 1;
  }
  const r = lo;
  const atR = cdf(r);
  const belowR = cdf(r - 1);
  const alpha = atR - belowR > 0 ? (atR - p) / (atR - belowR) : 0;
  return Math.max(0, (r - alpha) / denominator);
}

export type FunnelSide = 'inside' | 'above' | 'below';

export interface FunnelLimits {
  lower95: number;
  upper95: number;
  lower998: number;
  upper998: number;
}

/** The four limits at a denominator, each a proportion (multiply by `per` to show it). */
export function funnelLimits(model: FunnelModel, theta: number, denominator: number): FunnelLimits {
  return {
    lower95: funnelLimit(model, theta, denominator, FUNNEL_LEVELS.p95[0]),
    upper95: funnelLimit(model, theta, denominator, FUNNEL_LEVELS.p95[1]),
    lower998: funnelLimit(model, theta, denominator, FUNNEL_LEVELS.p998[0]),
    upper998: funnelLimit(model, theta, denominator, FUNNEL_LEVELS.p998[1]),
  };
}

/**
 * Where a department falls against the limits of `level` (0.95 or 0.998): 'above' when, were its true
 * rate the national one, as many events or more would happen less often than (1 - level) / 2 of the
 * time (the exact tail of the binomial or Poisson), 'below' likewise for as few, else 'inside'. The
 * tails are exact, so a small department at 100% (2 caesareans in 2 women against 80%) is inside,
 * where the interpolated limit drawn for the curve would sit just under it.
 */
export function funnelPosition(model: FunnelModel, theta: number, events: number, denominator: number, level: 0.95 | 0.998): FunnelSide {
  if (!(denominator > 0)) throw new RangeError(`a funnel position needs a denominator above 0, not ${denominator}`);
  const cdf = model === 'binomial' ? (k: number) => binomialCdf(k, denominator, theta) : (k: number) => poissonCdf(k, theta * denominator);
  const tail = (1 - level) / 2;
  if (events > theta * denominator && 1 - cdf(events - 1) < tail) return 'above';
  if (events < theta * denominator && cdf(events) < tail) return 'below';
  return 'inside';
}

/**
 * The denominators at which to draw the limit curves: `points` values spread evenly on a log scale
 * from `from` to `to` (whole numbers, each once).
 */
export function funnelCurveDenominators(from: number, to: number, points = 60): number[] {
  const low = Math.max(1, Math.floor(from));
  const high = Math.max(low, Math.ceil(to));
  if (low === high) return [low];
  const values = new Set<number>();
  for (let i = 0; i < points; i += 1) values.add(Math.round(Math.exp(Math.log(low) + ((Math.log(high) - Math.log(low)) * i) / (points - 1))));
  return [...values].sort((a, b) => a - b);
}
