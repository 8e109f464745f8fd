import { binomialCdf, funnelCurveDenominators, funnelLimit, funnelLimits, funnelPosition, poissonCdf } from './funnel.js';

describe('funnel plot control limits (Spiegelhalter 2005), exact from the binomial and the Poisson', () => {
  it('the distribution functions agree with their worked values', () => {
    // P(X <= 3), X ~ Binomial(100, 0.05) = 0.2578; X ~ Poisson(2.5) = 0.7576.
    expect(binomialCdf(3, 100, 0.05)).toBeCloseTo(0.25784, 5);
    expect(poissonCdf(3, 2.5)).toBeCloseTo(0.75758, 5);
    expect(poissonCdf(-1, 2.5)).toBe(0);
    expect(binomialCdf(100, 100, 0.05)).toBe(1);
  });

  it('Poisson, 10 expected deaths: the 97.5% limit is 17 less the interpolation (F(16) = 0.9730, F(17) = 0.9857)', () => {
    const f16 = poissonCdf(16, 10);
    const f17 = poissonCdf(17, 10);
    expect(f16).toBeCloseTo(0.97296, 4);
    expect(f17).toBeCloseTo(0.98572, 4);
    const expected = (17 - (f17 - 0.975) / (f17 - f16)) / 50_000;
    // National MMR 20 per 100,000, a department of 50,000 live births.
    expect(funnelLimit('poisson', 20 / 100_000, 50_000, 0.975)).toBeCloseTo(expected, 12);
    expect(expected * 100_000).toBeCloseTo(32.3, 1);
  });

  it('binomial limits near the normal approximation for a large department: 25% caesareans, 10,000 women, 95% limits about 24.15% to 25.85%', () => {
    const limits = funnelLimits('binomial', 0.25, 10_000);
    expect(limits.lower95).toBeCloseTo(0.25 - 1.96 * Math.sqrt((0.25 * 0.75) / 10_000), 3);
    expect(limits.upper95).toBeCloseTo(0.25 + 1.96 * Math.sqrt((0.25 * 0.75) / 10_000), 3);
    expect(limits.lower998).toBeLessThan(limits.lower95);
    expect(limits.upper998).toBeGreaterThan(limits.upper95);
  });

  it('a small department is not called an outlier for one death: against a national 20 per 100,000, 1 death in 500 live births is inside both limits, 2 are outside 95% (P = 0.0047) but inside 99.8%', () => {
    const theta = 20 / 100_000;
    expect(funnelPosition('poisson', theta, 1, 500, 0.95)).toBe('inside');
    expect(funnelPosition('poisson', theta, 1, 500, 0.998)).toBe('inside');
    expect(1 - poissonCdf(1, 0.1)).toBeCloseTo(0.00468, 5);
    expect(funnelPosition('poisson', theta, 2, 500, 0.95)).toBe('above');
    expect(funnelPosition('poisson', theta, 2, 500, 0.998)).toBe('inside');
    // 30 deaths in 50,000 live births (60 per 100,000, 10 expected) is an outlier.
    expect(funnelPosition('poisson', theta, 30, 50_000, 0.998)).toBe('above');
    expect(funnelPosition('poisson', theta, 0, 50_000, 0.998)).toBe('below');
  });

  it('exact tails at the edge: 2 caesareans in 2 women against a national 80% is inside (P(X = 2) = 0.64)', () => {
    expect(funnelPosition('binomial', 0.8, 2, 2, 0.998)).toBe('inside');
    expect(funnelPosition('binomial', 0.8, 2, 2, 0.95)).toBe('inside');
    expect(funnelPosition('binomial', 0.25, 600, 1000, 0.998)).toBe('above');
  });

  it('the curves are drawn at whole denominators spread on a log scale', () => {
    const points = funnelCurveDenominators(10, 100_000, 5);
    expect(points).toEqual([10, 100, 1000, 10_000, 100_000]);
    expect(funnelCurveDenominators(7, 7)).toEqual([7]);
  });
});
