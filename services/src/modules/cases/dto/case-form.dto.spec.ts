import { emptyCaseForm, SERVER_OWNED_CASE_FIELDS } from '@pnss/libs/api';
import { closableGyneCase, closableObCase, healthyInfant } from '@pnss/libs/testing';
import { AppError } from '../../../common/errors/app-error.js';
import { createValidationPipe } from '../../../common/validation/validation.pipe.js';
import { CaseFormDto } from './case-form.dto.js';
import { CASE_FORM_FIELD_SPECS, READ_ONLY_CASE_FIELDS } from './case-form.field-specs.js';

async function fieldErrors(body: unknown): Promise<Array<{ field: string; message: string }>> {
  try {
    await createValidationPipe().transform(body, { type: 'body', metatype: CaseFormDto });
    return [];
  } catch (error) {
    if (error instanceof AppError) return (error.errors ?? []).map(({ field, message }) => ({ field, message }));
    throw error;
  }
}

describe('the case form body is checked for types and code tables, not for completeness', () => {
  it('accepts a blank case form and every field of it', async () => {
    expect(await fieldErrors(emptyCaseForm('p-1', 'C-1'))).toEqual([]);
    expect(Object.keys(CASE_FORM_FIELD_SPECS).sort()).toEqual([...Object.keys(emptyCaseForm('')), 'gyneForm', 'createdAt', 'updatedAt'].sort());
  });

  it('the fields typed read-only are exactly the server-owned and identity fields of @pnss/libs', () => {
    const readOnly = Object.entries(CASE_FORM_FIELD_SPECS).filter(([, spec]) => spec.kind === 'readOnly').map(([field]) => field);
    expect(readOnly.sort()).toEqual([...READ_ONLY_CASE_FIELDS].sort());
    expect(READ_ONLY_CASE_FIELDS).toEqual(expect.arrayContaining([...SERVER_OWNED_CASE_FIELDS]));
  });

  it.each([['OB', closableObCase()], ['gyne', closableGyneCase()]])('accepts the full valid %s case of the libs fixtures', async (_kind, form) => {
    expect(await fieldErrors({ ...form, createdAt: '2026-11-01T08:00:00.000Z' })).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a number sent as text', { weight: '60' }, 'weight', 'Weight (kg) must be a number'],
    ['a negative OB score', { obscoreG: -1 }, 'obscoreG', 'OB Score G must be between 0 and 30'],
    ['AOG days above 6', { admissionDays: 7 }, 'admissionDays', 'AOG on Admission (days) must be between 0 and 6'],
    ['a delivery manner that does not exist', { deliveryManner: 13 }, 'deliveryManner', 'Manner of Delivery is not one of its choices'],
    ['a MIGS box that is not a yes or no', { MIGSAssistPSRM: null }, 'MIGSAssistPSRM', 'Assist PSRM must be true or false'],
    ['an unknown gyne diagnosis category', { gyneDiagnosis: 9999 }, 'gyneDiagnosis', 'Principal Gyne Diagnosis is not an entry of its list'],
    ['a list sent as one value', { pcosSymptoms: 1 }, 'pcosSymptoms', 'PCOS Symptoms must be a list'],
    ['an infant that is not a record', { neonatal: [3] }, 'neonatal[0]', 'Neonatal Outcome must be a list of infant records'],
    ['an infant status out of its table', { neonatal: [healthyInfant({ status: 9 })] }, 'neonatal[0].status', 'Birth Outcome is not one of its choices'],
    ['a stage out of its table', { gynecologicalDiagnosis: [{ conditionId: 1401, categoryId: 14, gyneStage: 999 }] }, 'gynecologicalDiagnosis[0].gyneStage', 'Stage is not one of its choices'],
    ['a server field of the wrong type', { isClose: 'no' }, 'isClose', 'isClose must be true or false'],
    ['a field the form does not have', { favouriteColour: 'blue' }, 'favouriteColour', 'favouriteColour is not an allowed field'],
  ])('names the field of %s', async (_case, patch, field, message) => {
    expect(await fieldErrors({ caseNum: 'C-1', ...patch })).toEqual([{ field, message }]);
  });
});
