import { HISTORY_LIST_FIELDS, PAGE_SIZE, emptyCaseForm, emptyInfant } from './index.js';
import { FIELD_META } from '../validation/field-meta.js';

describe('API types', () => {
  it('a blank case form answers no question and has empty lists', () => {
    const form = emptyCaseForm('p-1');
    expect(form.patientid).toBe('p-1');
    expect(form.caseNum).toBe('');
    expect(form.version).toBe(0);
    for (const field of HISTORY_LIST_FIELDS) expect(form[field]).toEqual([]);
    expect(Object.values(emptyInfant()).every((v) => v === null)).toBe(true);
  });

  it('every case-form field the form shows has a label and a section', () => {
    const form = emptyCaseForm('p-1');
    const internal = new Set(['_id', 'patientid', 'isClose', 'isArchived', 'submissionId', 'version', 'createdAt', 'updatedAt', 'gyneForm']);
    for (const field of Object.keys(form)) {
      if (!internal.has(field)) expect({ field, meta: field in FIELD_META }).toEqual({ field, meta: true });
    }
  });

  it('page size is 100 (SPEC.md §9)', () => {
    expect(PAGE_SIZE).toBe(100);
  });
});
