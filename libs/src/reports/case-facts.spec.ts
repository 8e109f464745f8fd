import { closableGyneCase, closableObCase, healthyInfant } from '../testing/case-fixtures.test-helpers.js';
import { deriveCaseFacts } from './case-facts.js';
import { rollupDelta, rollupKeys } from './rollup.js';
import { countsInRange, isCountedCase, parseReportRange, periodRange, REPORT_COUNTING_RULE, reportYearOptions } from './counting-rule.js';

describe('the counting rule: closed, not archived cases by discharge date', () => {
  const range = { from: '2026-11-01', to: '2026-11-30' };

  it('is said in one sentence', () => {
    expect(REPORT_COUNTING_RULE).toBe('Counts closed, not archived cases whose discharge date falls between FROM and TO (both days included). '
      + 'Maternal and obstetric figures (mother condition, maternal age, age of gestation, pregnancy type, maternal deaths) '
      + 'count obstetric cases only: pregnant or recently delivered women, never gynecologic patients.');
  });

  it.each([
    [true, false, '2026-11-14', true],
    [true, false, '2026-11-01', true],
    [true, false, '2026-11-30', true],
    [true, false, '2026-10-31', false],
    [true, false, '2026-12-01', false],
    [false, false, '2026-11-14', false],
    [true, true, '2026-11-14', false],
    [true, false, null, false],
  ])('closed %p, archived %p, discharged %p: counted %p', (isClose, isArchived, dischargeDate, counted) => {
    expect(countsInRange({ isClose, isArchived, dischargeDate }, range)).toBe(counted);
  });

  it('a submitted case is closed, so it counts', () => {
    expect(isCountedCase(closableObCase({ isClose: true, submissionId: 'S-1' }))).toBe(true);
  });

  it('from and to are millisecond timestamps naming UTC days, both included; bad input is refused in words', () => {
    expect(parseReportRange(Date.UTC(2026, 0, 1), Date.UTC(2026, 2, 31, 23, 59))).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(parseReportRange(String(Date.UTC(2026, 0, 1)), String(Date.UTC(2026, 0, 1)))).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    expect(parseReportRange('abc', 1)).toEqual({ field: 'from', message: expect.stringContaining('millisecond timestamp') });
    expect(parseReportRange(1, 1.5)).toEqual({ field: 'to', message: expect.stringContaining('millisecond timestamp') });
    expect(parseReportRange(Date.UTC(2026, 1, 2), Date.UTC(2026, 1, 1))).toEqual({ field: 'from', message: 'from must not be after to' });
    expect(parseReportRange(Date.UTC(2000, 0, 1), Date.UTC(2026, 0, 1))).toEqual({ field: 'to', message: expect.stringContaining('at most 7305 days') });
  });
});

describe('the reporting projection of a case (deriveCaseFacts)', () => {
  it('a closed caesarean singleton: counted by discharge date, groups, one indication, one livebirth', () => {
    const form = closableObCase({ isClose: true, deliveryWeeks: 30 });
    const { facts, infants, indications } = deriveCaseFacts(form);
    expect(facts).toMatchObject({
      caseId: 'case-1', counted: true, countingDate: '2026-11-14', age: 28, ageSegment: '20to34',
      aogWeeks: 30, aogSegment: '28to32', pregnancyTypeSegment: 'singleton', deliveryMannerSegment: 'caesarean',
      isCaesarean: true, motherConditionSegment: '1', isMaternalDeath: false, directDeathSegment: null,
      deathTimingSegment: null, infantsNumber: 1, livebirthCount: 1, infantDeathCount: 0,
    });
    expect(infants).toEqual([expect.objectContaining({ position: 1, status: 1, isLivebirth: true, isMortality: false, weight: form.neonatal[0].pediatricWeight, apgar1m: 8, apgar5m: 9 })]);
    expect(indications).toEqual([{ caseId: 'case-1', twin: 1, manner: 1, indicationId: 101, isCaesarean: true, segment: '101' }]);
  });

  it('a maternal death by a direct cause: death timing and direct cause segments, antecedent and immediate cause kept', () => {
    const { facts } = deriveCaseFacts(closableObCase({
      motherCondition: 3, antecedent: 1, antecedentType: 11, antecedentCause: 1101, immediateCause: 1, deathTiming: 3, age: 36,
    }));
    expect(facts).toMatchObject({
      isMaternalDeath: true, motherConditionSegment: '3', directDeathSegment: 'hemorrhage', deathTimingSegment: 'postpartum',
      antecedentType: 11, antecedentCause: 1101, immediateCause: 1, ageSegment: '35andAbove', counted: false,
    });
  });

  it('an indirect death has a timing but no direct-cause segment', () => {
    const { facts } = deriveCaseFacts(closableObCase({ motherCondition: 3, antecedent: 2, antecedentType: 21, deathTiming: 5 }));
    expect(facts.directDeathSegment).toBeNull();
    expect(facts.deathTimingSegment).toBe('N/A');
  });

  it('twins: both manners kept, the second twin\'s caesarean indications counted, each infant a row', () => {
    const { facts, infants, indications } = deriveCaseFacts(closableObCase({
      pregnancyType: 2, infantsNumber: 2, deliveryManner: 2, deliveryIndication: [], deliveryManner2: 1, deliveryIndication2: [104, 105],
      neonatal: [healthyInfant(), healthyInfant({ status: 2, pediatricWeight: 1850.4 })],
    }));
    expect(facts).toMatchObject({
      pregnancyTypeSegment: 'multiple', deliveryMannerSegment: 'spontaneousCephalic', deliveryManner2Segment: 'caesarean',
      isCaesarean: true, livebirthCount: 1, infantDeathCount: 1,
    });
    expect(infants.map((i) => [i.position, i.isMortality, i.weight])).toEqual([[1, false, 3200], [2, true, 1850]]);
    expect(indications.map((i) => [i.twin, i.indicationId, i.isCaesarean, i.segment])).toEqual([[2, 104, true, '104'], [2, 105, true, '105']]);
  });

  it('a caesarean without any indication counts under N/A; a forceps indication is kept but is no CS indication', () => {
    expect(deriveCaseFacts(closableObCase({ deliveryIndication: [] })).indications).toEqual([
      { caseId: 'case-1', twin: 1, manner: 1, indicationId: null, isCaesarean: true, segment: 'N/A' },
    ]);
    expect(deriveCaseFacts(closableObCase({ deliveryManner: 5, deliveryIndication: [501] })).indications).toEqual([
      { caseId: 'case-1', twin: 1, manner: 5, indicationId: 501, isCaesarean: false, segment: 'N/A' },
    ]);
  });

  it('a gyne case keeps the columns the submissions lists read and is out of the obstetric dimensions', () => {
    const { facts, infants, indications } = deriveCaseFacts(closableGyneCase({ gtdDiagnosis: 3, gtdComplication: 8 }));
    expect(facts).toMatchObject({
      gyneOrgan: 2, organCondition: 2, gtdDiagnosis: 3, gtdComplication: 8, aogSegment: null, pregnancyTypeSegment: null,
      motherConditionSegment: null, ageSegment: null, isObstetric: false, deliveryMannerSegment: 'N/A', isCaesarean: false, livebirthCount: 0,
    });
    expect(infants).toEqual([]);
    expect(indications).toEqual([]);
  });
});

describe('year and quarter picks', () => {
  it('years run from 2015 to this year, newest first', () => {
    const years = reportYearOptions('2026-11-22');
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(2015);
    expect(years).toHaveLength(12);
  });

  it('a year is 1 January to 31 December; quarters 1st to 4th are three months each', () => {
    expect(periodRange(2016)).toEqual({ from: '2016-01-01', to: '2016-12-31' });
    expect(periodRange(2016, 1)).toEqual({ from: '2016-01-01', to: '2016-03-31' });
    expect(periodRange(2016, 2)).toEqual({ from: '2016-04-01', to: '2016-06-30' });
    expect(periodRange(2016, 3)).toEqual({ from: '2016-07-01', to: '2016-09-30' });
    expect(periodRange(2016, 4)).toEqual({ from: '2016-10-01', to: '2016-12-31' });
  });
});

describe('the daily rollup of the counted cases', () => {
  const source = (form: Parameters<typeof deriveCaseFacts>[0]) => {
    const set = deriveCaseFacts(form);
    return { ...set.facts, indications: set.indications };
  };

  it('a case not counted adds nothing; a counted one adds one per segment and per pair of segments on its discharge day', () => {
    expect(rollupKeys(source(closableObCase()))).toEqual([]);
    const keys = rollupKeys(source(closableObCase({ isClose: true, deliveryIndication: [101, 104] })));
    expect(new Set(keys.map((k) => k.day))).toEqual(new Set(['2026-11-14']));
    expect(keys).toContainEqual({ day: '2026-11-14', dimA: 'MotherCondition', segA: '1', dimB: '', segB: '' });
    expect(keys).toContainEqual({ day: '2026-11-14', dimA: 'csindication', segA: '104', dimB: 'MotherCondition', segB: '1' });
    expect(keys).toContainEqual({ day: '2026-11-14', dimA: 'Caesarean', segA: 'yes', dimB: 'AOG', segB: '38to42' });
    expect(keys.filter((k) => k.dimA === 'CaseType' && k.dimB === '')).toEqual([{ day: '2026-11-14', dimA: 'CaseType', segA: 'ob', dimB: '', segB: '' }]);
    // An alive mother has no death timing: the dimension does not count her.
    expect(keys.some((k) => k.dimA === 'DeathTiming' || k.dimB === 'DeathTiming')).toBe(false);
  });

  it('closing then archiving moves the counts in and out; a save that changes nothing reportable changes nothing', () => {
    const open = source(closableObCase());
    const closed = source(closableObCase({ isClose: true }));
    const added = rollupDelta(open, closed);
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((d) => d.n === 1)).toBe(true);
    expect(rollupDelta(closed, source(closableObCase({ isClose: true, isArchived: true }))).every((d) => d.n === -1)).toBe(true);
    expect(rollupDelta(closed, source(closableObCase({ isClose: true, weight: 70 })))).toEqual([]);
    const moved = rollupDelta(closed, source(closableObCase({ isClose: true, deliveryManner: 2, deliveryIndication: [] })));
    expect(moved).toContainEqual({ day: '2026-11-14', dimA: 'deliverymanner', segA: 'caesarean', dimB: '', segB: '', n: -1 });
    expect(moved).toContainEqual({ day: '2026-11-14', dimA: 'deliverymanner', segA: 'spontaneousCephalic', dimB: '', segB: '', n: 1 });
  });
});
