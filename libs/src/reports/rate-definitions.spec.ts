import { RATE_DEFINITIONS, thresholdWords } from './rate-definitions.js';

describe('the national figures in words (GLOSSARY.md, WHO)', () => {
  it('the perinatal mortality rate: stillbirths plus early neonatal deaths per 1000 total births', () => {
    expect(RATE_DEFINITIONS.perinatal.sentence).toBe(
      'Perinatal mortality rate per 1000 total births: stillbirths plus early neonatal deaths (days 0-6) per 1,000 total births (live births plus stillbirths).',
    );
  });

  it('the neonatal mortality rate is per 1000 live births, the stillbirth rate per 1000 total births', () => {
    expect(RATE_DEFINITIONS.neonatal.denominator).toBe('live births');
    expect(RATE_DEFINITIONS.stillbirth.denominator).toBe('total births (live births plus stillbirths)');
  });

  it('the maternal mortality ratio is per 100,000 live births, twins counting twice, coincidental deaths left out', () => {
    expect(RATE_DEFINITIONS.mmr.per).toBe(100_000);
    expect(RATE_DEFINITIONS.mmr.sentence).toMatch(/per 100,000 live births of the obstetric cases counted \(babies: twins count twice\)/);
    expect(RATE_DEFINITIONS.mmr.events).toMatch(/not coincidental/);
  });

  it('the caesarean rate is a percent of the women who gave birth', () => {
    expect(RATE_DEFINITIONS.caesarean.sentence).toBe('Caesarean section rate (%): women delivered by caesarean section per 100 (a percent of) women who gave birth.');
  });

  it('the WHO threshold for international comparison in words: 28 weeks or 1000 g', () => {
    expect(thresholdWords({ weeks: 28, grams: 1000 })).toBe('a stillbirth is a baby born dead at 28 weeks or more, or 1000 g or more; below it, in no rate');
  });
});
