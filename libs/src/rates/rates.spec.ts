import { countBirths, INTERNATIONAL_STILLBIRTH_THRESHOLD } from '../classifications/births.js';
import { maternalMortalityRatio, perinatalRates, poissonInterval95, poissonRate } from './rates.js';
import { formatRate } from '../reports/report-figures.js';

describe('the maternal mortality ratio per 100,000 live births, with its exact Poisson (Garwood) 95% interval', () => {
  it('5 deaths in 50,000 live births: 10.0 (3.2 to 23.3)', () => {
    const mmr = maternalMortalityRatio(5, 50_000)!;
    expect([formatRate(mmr.rate), formatRate(mmr.lower), formatRate(mmr.upper)]).toEqual(['10.0', '3.2', '23.3']);
    expect(mmr.lower).toBeCloseTo(3.247, 3);
    expect(mmr.upper).toBeCloseTo(23.337, 3);
  });

  it('0 deaths in 50,000 live births: 0, with an upper limit of 7.4', () => {
    const mmr = maternalMortalityRatio(0, 50_000)!;
    expect([mmr.rate, mmr.lower, formatRate(mmr.upper)]).toEqual([0, 0, '7.4']);
  });

  it('the interval of a count: chi2(0.025; 2d)/2 to chi2(0.975; 2d + 2)/2', () => {
    expect(poissonInterval95(1).lower).toBeCloseTo(0.0253, 4);
    expect(poissonInterval95(1).upper).toBeCloseTo(5.5716, 4);
    expect(poissonInterval95(10).lower).toBeCloseTo(4.7954, 4);
    expect(poissonInterval95(10).upper).toBeCloseTo(18.3904, 4);
    expect(() => poissonInterval95(-1)).toThrow(RangeError);
    expect(() => poissonInterval95(1.5)).toThrow(RangeError);
  });

  it('twins count twice in the live births: 1 death among 2 mothers who bore 3 live babies is 1 per 3 live births', () => {
    const births = countBirths([
      { status: 1, weightGrams: 2400, gestation: { min: 36, max: 36 } }, { status: 1, weightGrams: 2300, gestation: { min: 36, max: 36 } },
      { status: 1, weightGrams: 3300, gestation: { min: 39, max: 39 } },
    ], INTERNATIONAL_STILLBIRTH_THRESHOLD);
    expect(births.liveBirths).toBe(3);
    expect(maternalMortalityRatio(1, births.liveBirths)?.rate).toBeCloseTo(33_333.3, 1);
  });

  it('no live birth, no ratio', () => {
    expect(maternalMortalityRatio(1, 0)).toBeNull();
    expect(poissonRate(0, 0, 1000)).toBeNull();
    expect(formatRate(null)).toBe('-');
  });
});

describe('stillbirth, early neonatal, perinatal and neonatal mortality (WHO), per 1000', () => {
  it('a stillbirth and twins: 98 live births (a twin died on day 2, another baby on day 10) and 2 stillbirths', () => {
    const rates = perinatalRates({ liveBirths: 98, stillbirths: 2, earlyNeonatalDeaths: 1, neonatalDeaths: 2 });
    expect(rates.totalBirths).toBe(100);
    expect(rates.stillbirthRate).toBe(20);
    expect(rates.perinatalMortalityRate).toBe(30);
    expect(rates.earlyNeonatalMortalityRate).toBeCloseTo(10.204, 3);
    expect(rates.neonatalMortalityRate).toBeCloseTo(20.408, 3);
  });

  it('no births, no rates', () => {
    expect(perinatalRates({ liveBirths: 0, stillbirths: 0, earlyNeonatalDeaths: 0, neonatalDeaths: 0 })).toEqual({
      totalBirths: 0, stillbirthRate: null, earlyNeonatalMortalityRate: null, perinatalMortalityRate: null, neonatalMortalityRate: null,
    });
  });
});
