import { closableGyneCase, closableObCase, healthyInfant } from '../testing/case-fixtures.test-helpers.js';
import { toPackagedCase } from '../submissions/package-format.js';
import { deriveCaseFacts } from './case-facts.js';
import { deriveNationalFacts } from './national-facts.js';

const KEY = 'c'.repeat(64);
const packaged = (form: Parameters<typeof toPackagedCase>[0]) => toPackagedCase(form, KEY, { freeText: false });

describe('the national facts of a packaged case are those the department derives from the case (issue 29: a department and the society count a case the same way)', () => {
  it('a caesarean delivery: obstetric, Robson group 4b, no maternal death, one live birth at 39 weeks', () => {
    const form = closableObCase();
    const { facts, infants } = deriveNationalFacts(packaged(form));
    const department = deriveCaseFacts(form);
    expect(facts).toEqual({
      caseId: 'case-1', patientKey: KEY, dischargeMonth: '2026-11', isObstetric: true, isGyne: false, robsonSegment: '4b', isCaesarean: true,
      isMaternalDeath: false, icdMmSegment: null, countsInRatio: false, deathTimingSegment: null,
    });
    expect(facts.robsonSegment).toBe(department.facts.robsonSegment);
    expect(infants).toEqual([{
      caseId: 'case-1', position: 1, status: 1, weight: department.infants[0].weight, isLiveBorn: true, isStillbirth: false,
      isEarlyNeonatalDeath: false, isNeonatalDeath: false, gestationMin: 39, gestationMax: 39,
    }]);
  });

  it('a maternal death is counted in the ratio by its ICD-MM group, a coincidental one is not, and a gyne patient who died is no maternal death', () => {
    const haemorrhage = deriveNationalFacts(packaged(closableObCase({ motherCondition: 3, antecedent: 1, antecedentType: 11, antecedentCause: 1101, deathTiming: 3 }))).facts;
    expect(haemorrhage).toMatchObject({ isMaternalDeath: true, icdMmSegment: '3', countsInRatio: true, deathTimingSegment: 'postpartum' });
    const road = deriveNationalFacts(packaged(closableObCase({ motherCondition: 3, antecedent: 3, antecedentType: 31, antecedentCause: 3101 }))).facts;
    expect(road).toMatchObject({ isMaternalDeath: true, icdMmSegment: '9', countsInRatio: false });
    const gyne = deriveNationalFacts(packaged(closableGyneCase({ motherCondition: 3 }))).facts;
    expect(gyne).toMatchObject({ isObstetric: false, isGyne: true, isMaternalDeath: false, icdMmSegment: null, robsonSegment: null, countsInRatio: false });
  });

  it('twins, one stillborn: two infants, one live born and one stillbirth, Robson group 8', () => {
    const form = closableObCase({
      pregnancyType: 2, infantsNumber: 2, deliveryManner2: 1,
      neonatal: [healthyInfant({ pediatricAge: 39, pediatricWeight: 3000 }), healthyInfant({ status: 5, pediatricAge: 39, pediatricWeight: 2900, apgar1m: 0, apgar5m: 0 })],
    });
    const { facts, infants } = deriveNationalFacts(packaged(form));
    expect(facts.robsonSegment).toBe('8');
    expect(infants.map((i) => [i.position, i.isLiveBorn, i.isStillbirth])).toEqual([[1, true, false], [2, false, true]]);
  });
});
