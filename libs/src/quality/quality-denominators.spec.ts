import type { CaseForm } from '../api/case-form.js';
import { applyCaseChange } from '../rules/case-dependencies.rules.js';
import { closableGyneCase, closableObCase, healthyInfant } from '../testing/case-fixtures.test-helpers.js';
import {
  QUALITY_DENOMINATORS, completenessShare, departmentScore, isQualityReviewed, sectionCompleteness,
} from './quality-denominators.js';
import { caseCompleteness } from './quality.rules.js';

const asked = (form: CaseForm) => caseCompleteness(applyCaseChange(form, {})).asked;
/** The stored form as it is, not normalised: what a record left behind by an older write looks like. */
const askedAsStored = (form: CaseForm) => caseCompleteness(form).asked;

const OBSTETRIC_ONLY = [
  'admissionAOGType', 'admissionWeeks', 'pregnancyType', 'isDelivered', 'infantsNumber', 'deliveryDate', 'deliveryWeeks',
  'laborOnset', 'fetalPresentation', 'deliveryManner', 'incision', 'deliveryIndication', 'isInduced',
  'neonatal[].status', 'neonatal[].pediatricWeight', 'neonatal[].apgar5m',
];
const SECOND_TWIN = ['deliveryManner2', 'primaryRepeat2', 'incision2', 'CSBilateralSalpingectomy2', 'CSBTL2', 'deliveryIndication2', 'deliveryIndicationOthers2'];

describe('the cases the Data Quality view reviews (QUALITY_DENOMINATORS.cases)', () => {
  const closed = closableObCase({ isClose: true, isArchived: false });
  const reviewed = (form: CaseForm) => isQualityReviewed(form);

  it('a closed, not archived case with a discharge date is reviewed; a submitted one too (it is closed)', () => {
    expect(reviewed(closed)).toBe(true);
    expect(reviewed({ ...closed, submissionId: 'PKG-1' })).toBe(true);
  });

  it.each([
    ['an open case', { ...closed, isClose: false }],
    ['an archived case', { ...closed, isArchived: true }],
    ['a case withdrawn from its package and archived with the withdrawal', { ...closed, submissionId: null, isArchived: true }],
    ['a closed case without a discharge date (no counting date, so in no range)', { ...closed, dischargeDate: null }],
  ])('does not count %s', (_words, form) => {
    expect(reviewed(form)).toBe(false);
  });

  it('counts a case withdrawn from its package and not archived: it is a closed case again', () => {
    expect(reviewed({ ...closed, submissionId: null, isArchived: false })).toBe(true);
  });

  it('is quoted in words, naming what is left out', () => {
    expect(QUALITY_DENOMINATORS.cases).toMatch(/^Cases reviewed: closed, not archived cases whose discharge date falls between FROM and TO/);
    expect(QUALITY_DENOMINATORS.cases).toContain('Open cases and archived ones are left out');
  });
});

describe('the completeness of a field: asked only of the cases whose form asks it (QUALITY_DENOMINATORS.fields)', () => {
  it('asks a gynecologic case no obstetric question, and an obstetric case no gynecologic one', () => {
    const gyne = asked(closableGyneCase());
    for (const field of OBSTETRIC_ONLY) expect(gyne).not.toContain(field);
    expect(gyne).toContain('gyneOrgan');
    const ob = asked(closableObCase());
    for (const field of OBSTETRIC_ONLY) expect(ob).toContain(field);
    expect(ob).not.toContain('gyneOrgan');
  });

  it("asks a singleton birth none of the second twin's questions, and twins all that their answers call for", () => {
    const singleton = asked(closableObCase());
    for (const field of SECOND_TWIN) expect(singleton).not.toContain(field);
    const twins = asked(closableObCase({
      pregnancyType: 2, isHeterotopic: false, infantsNumber: 2, obscoreG: 2, neonatal: [healthyInfant(), healthyInfant()],
      deliveryManner: 2, deliveryManner2: 1, primaryRepeat2: 1, incision2: 1, CSBilateralSalpingectomy2: false, CSBTL2: false, deliveryIndication2: [101],
    }));
    expect(twins).toEqual(expect.arrayContaining(['deliveryManner2', 'incision2', 'deliveryIndication2']));
    expect(twins).not.toContain('deliveryIndicationOthers2');
  });

  it("does not count a second infant's record kept in a singleton's stored form: its unanswered fields leave the case complete", () => {
    const form = closableObCase({ infantsNumber: 1, neonatal: [healthyInfant(), healthyInfant({ pediatricWeight: null, apgar5m: null })] });
    const { missing } = caseCompleteness(form);
    expect(missing).not.toContain('neonatal[].pediatricWeight');
    expect(missing).not.toContain('neonatal[].apgar5m');
  });

  it('an infant question is asked once of a case and answered only when every infant of the count answers it', () => {
    const twins = closableObCase({
      pregnancyType: 2, isHeterotopic: false, infantsNumber: 2, obscoreG: 2, neonatal: [healthyInfant(), healthyInfant({ pediatricWeight: null })],
      deliveryManner: 2, deliveryManner2: 1, primaryRepeat2: 1, incision2: 1, CSBilateralSalpingectomy2: false, CSBTL2: false, deliveryIndication2: [101],
    });
    const { asked: questions, missing } = caseCompleteness(twins);
    expect(questions.filter((f) => f === 'neonatal[].pediatricWeight')).toHaveLength(1);
    expect(missing).toContain('neonatal[].pediatricWeight');
  });

  it('does not ask a question the visibility rules hide, even when the stored form still holds an answer to it', () => {
    const notInduced = asked(closableObCase({ isInduced: false }));
    expect(notInduced).not.toContain('inducedIndication');
    const liveBirth = asked(closableObCase());
    expect(liveBirth).not.toContain('neonatal[].causeofdeath');
    expect(liveBirth).not.toContain('deliveryIndicationOthers');
    const noBirth = asked(closableObCase({ isDelivered: false }));
    expect(noBirth.filter((f) => f.startsWith('neonatal[]'))).toEqual([]);
    const gyneWithoutOthers = askedAsStored(closableGyneCase({ isOthers: false, otherProcedure: 'left behind' }));
    expect(gyneWithoutOthers).not.toContain('otherProcedure');
  });

  it('does not count optional lists and the MIGS boxes, which left empty mean none', () => {
    const questions = asked(closableObCase());
    for (const field of ['medicalHistory', 'obstetricHistory', 'morbidities', 'MIGSSurgeonPSGE', 'neonatal', 'bmi']) expect(questions).not.toContain(field);
  });
});

describe("a section's completeness, a share and the department score", () => {
  it('a section sums the questions its fields asked and those answered (QUALITY_DENOMINATORS.sections)', () => {
    expect(sectionCompleteness([{ asked: 10, answered: 9 }, { asked: 2, answered: 0 }])).toEqual({ asked: 12, answered: 9, share: 0.75 });
    expect(sectionCompleteness([])).toEqual({ asked: 0, answered: 0, share: null });
  });

  it('a share is answered over asked, and none when no case was asked', () => {
    expect(completenessShare(2, 3)).toBe(0.667);
    expect(completenessShare(0, 0)).toBeNull();
  });

  it('the department score is the mean of the case scores of the cases reviewed, none without cases (QUALITY_DENOMINATORS.score)', () => {
    expect(departmentScore(100 + 75 + 80, 3)).toBe(85);
    expect(departmentScore(181, 2)).toBe(90.5);
    expect(departmentScore(0, 0)).toBeNull();
  });
});
