import { emptyCaseForm } from '@pnss/libs/api';
import { closableGyneCase, closableObCase } from '@pnss/libs/testing';
import { type CaseRow, toCaseColumns, toCaseForm } from './case-record.js';

function storedRow(columns: ReturnType<typeof toCaseColumns>, patientId: string, id: string, version = 1): CaseRow {
  return {
    ...columns, id, patientId, isClose: false, isArchived: false, submissionId: null, version, closedAt: null,
    createdBy: null, updatedBy: null, createdAt: new Date('2026-11-01T08:00:00Z'), updatedAt: new Date('2026-11-02T08:00:00Z'),
  };
}

describe('a case is stored as columns for what is filtered and reported on, the rest as one JSONB document', () => {
  it.each([['an OB case', closableObCase()], ['a gyne case', closableGyneCase()]])('reads %s back exactly as it was written', (_name, form) => {
    const row = storedRow(toCaseColumns(form), form.patientid, form._id as string, form.version);
    expect(toCaseForm(row)).toEqual({ ...form, createdAt: '2026-11-01T08:00:00.000Z', updatedAt: '2026-11-02T08:00:00.000Z' });
  });

  it('keeps the column fields out of the document, and the lifecycle out of both', () => {
    const columns = toCaseColumns(closableObCase({ isClose: true, isArchived: true, submissionId: 'PKG-1' }));
    expect(columns).toMatchObject({ caseNum: 'C-0001', caseFormType: 1, pregnancyType: 1, deliveryManner: 1, motherCondition: 1 });
    for (const field of ['caseNum', 'admissionDate', 'deliveryManner', 'isClose', 'isArchived', 'submissionId', 'version', '_id', 'patientid']) {
      expect({ field, inDocument: field in columns.form }).toEqual({ field, inDocument: false });
    }
    expect(columns.form).toMatchObject({ bmi: 25.39, neonatal: [expect.objectContaining({ apgar1m: 8 })], morbidities: [{ conditionId: 1601, categoryId: 16 }] });
    expect('isClose' in columns).toBe(false);
  });

  it('fills fields missing from an older document with their blank value', () => {
    const row = storedRow({ ...toCaseColumns(emptyCaseForm('p-1', 'C-9')), form: { room: '5', retiredField: 'x' } }, 'p-1', 'c-9');
    const form = toCaseForm(row);
    expect(form).toMatchObject({ room: '5', neonatal: [], MIGSSurgeonPSGE: false, caseNum: 'C-9' });
    expect('retiredField' in form).toBe(false);
  });
});
