import { TODAY, closableObCase } from '../testing/case-fixtures.test-helpers.js';
import { caseSaveErrors } from './case-save.validation.js';

const failing = (patch: Parameters<typeof closableObCase>[0]) =>
  caseSaveErrors(closableObCase(patch), { today: TODAY }).map((e) => `${e.field}: ${e.message}`);

describe('the one save check of the case form, run by the form and by the server', () => {
  it('a complete case saves', () => {
    expect(failing({})).toEqual([]);
  });

  it("names the case number 'Please enter the Case #', then the dates, then impossible values and the OB score", () => {
    expect(failing({ caseNum: ' ', admissionDate: '2026-11-22', weight: 6800, obscoreP: 2 })).toEqual([
      'caseNum: Please enter the Case #',
      'admissionDate: Cannot be a future date',
      'weight: Weight (kg) must be between 25 and 300',
      'obscoreP: P must equal FT + Pr (1 + 0 = 1)',
    ]);
  });

  it('leaves the postpartum delivery date without the two-year bound, but not without the sane range', () => {
    expect(failing({ isPostpartum: true, deliveryDate: '2019-05-05' })).toEqual([]);
    expect(failing({ isPostpartum: true, deliveryDate: '1800-05-05' })).toEqual(['deliveryDate: Invalid Value']);
  });

  it('does not refuse an unusual but possible value: that is a soft warning, confirmed by the user', () => {
    expect(failing({ weight: 170, height: 160 })).toEqual([]);
  });
});
