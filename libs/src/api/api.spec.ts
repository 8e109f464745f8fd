import {
  CASE_FORM_FIELDS, PAGE_SIZE, SERVER_OWNED_CASE_FIELDS, emptyCaseForm, emptyInfant, withoutServerOwned,
} from './index.js';
import { FIELD_META } from '../validation/field-meta.js';

describe('API types', () => {
  it('a blank case form answers no question and has empty lists', () => {
    const form = emptyCaseForm('p-1');
    expect(form.patientid).toBe('p-1');
    expect(form.caseNum).toBe('');
    expect(form.version).toBe(0);
    for (const field of ['medicalHistory', 'obstetricHistory', 'morbidities', 'gynemorbidities', 'concomitantProcedure', 'obProcedure'] as const) {
      expect(form[field]).toEqual([]);
    }
    expect(Object.values(emptyInfant()).every((v) => v === null)).toBe(true);
  });

  it('every case-form field the form shows has a label and a section', () => {
    const form = emptyCaseForm('p-1');
    const internal = new Set(['_id', 'patientid', 'isClose', 'isArchived', 'submissionId', 'version', 'createdAt', 'updatedAt', 'gyneForm']);
    for (const field of Object.keys(form)) {
      if (!internal.has(field)) expect({ field, meta: field in FIELD_META }).toEqual({ field, meta: true });
    }
  });

  it('the field list names every key of a case form once, and an infant has its eleven fields', () => {
    expect(new Set(CASE_FORM_FIELDS).size).toBe(CASE_FORM_FIELDS.length);
    expect(CASE_FORM_FIELDS).toEqual(expect.arrayContaining(['_id', 'caseNum', 'neonatal', 'MIGSAssistPSRM', 'version', 'gyneForm']));
    expect(Object.keys(emptyInfant()).sort()).toEqual(['anomalies', 'anomalyOthers', 'apgar1m', 'apgar5m', 'causeofdeath', 'injury',
      'pediatricAge', 'pediatricHeight', 'pediatricWeight', 'specificcause', 'status']);
  });

  it('the server owns isClose, isArchived, submissionId and the timestamps: a save payload never carries them', () => {
    expect([...SERVER_OWNED_CASE_FIELDS].sort()).toEqual(['createdAt', 'isArchived', 'isClose', 'submissionId', 'updatedAt']);
    const form = { ...emptyCaseForm('p-1', 'C-1'), _id: 'c-1', isClose: true, submissionId: 'S-1', createdAt: 'x', updatedAt: 'y', version: 3 };
    const payload = withoutServerOwned(form);
    for (const field of SERVER_OWNED_CASE_FIELDS) expect(field in payload).toBe(false);
    expect([payload._id, payload.version, payload.caseNum]).toEqual(['c-1', 3, 'C-1']);
  });

  it('page size is 100 (SPEC.md §9)', () => {
    expect(PAGE_SIZE).toBe(100);
  });
});
