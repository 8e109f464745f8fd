import { patientNameErrors, validateCaseInfo, validateCaseSave, validatePatient } from './patient.validation.js';
import { isSamePatient, nameKey } from '../api/patients.js';
import { dateMessage, earliestAllowedDate, validateDate } from './date.validation.js';
import { CONFIRMATIONS, MESSAGES, archiveErrorToast, unarchiveErrorToast } from './messages.js';
import { fieldMeta, FIELD_META, CASE_SECTIONS } from './field-meta.js';

const today = '2026-11-21';
const messages = (errors: Array<{ field: string; message: string }>) => errors.map((e) => `${e.field}: ${e.message}`);

describe('patient form (SPEC.md §5)', () => {
  it.each([
    ['a complete adult passes', { firstName: 'Maria', birthDate: '1990-01-01' }, []],
    ["first name required ('First name is required')", { firstName: '  ', birthDate: '1990-01-01' }, ['firstName: First name is required']],
    ["birth date required ('Enter a valid birthdate')", { firstName: 'Maria', birthDate: null }, ['birthDate: Enter a valid birthdate']],
    ['a birth date that is not a date', { firstName: 'Maria', birthDate: '1990-02-31' }, ['birthDate: Enter a valid birthdate']],
    ['a birth date in the future', { firstName: 'Maria', birthDate: '2027-01-01' }, ['birthDate: Enter a valid birthdate']],
    ['under 19 needs the pediatric confirmation', { firstName: 'Ana', birthDate: '2010-05-05' }, ['pediatricConfirmed: Please confirm that patient is a pediatric case.']],
    ['under 19 with the confirmation passes', { firstName: 'Ana', birthDate: '2010-05-05', pediatricConfirmed: true }, []],
    ['exactly 19 is not pediatric', { firstName: 'Ana', birthDate: '2007-11-20' }, []],
  ])('%s', (_rule, input, expected) => {
    expect(messages(validatePatient(input, { today }))).toEqual(expected);
  });

  it('never throws on input that is not an object', () => {
    expect(messages(validatePatient(null, { today }))).toEqual(['firstName: First name is required', 'birthDate: Enter a valid birthdate']);
    expect(validatePatient([1, 2], { today })).toHaveLength(2);
  });
});

describe('case information (SPEC.md §5)', () => {
  it.each([
    ['case number and adult birth date pass', { caseNum: 'C-1', birthDate: '1990-01-01' }, []],
    ["case number required ('Case number is required')", { caseNum: '', birthDate: '1990-01-01' }, ['caseNum: Case number is required']],
    ['no birth date counts as age 100: no confirmation needed', { caseNum: 'C-1' }, []],
    ['pediatric confirmation as for the patient', { caseNum: 'C-1', birthDate: '2015-01-01' }, ['pediatricConfirmed: Please confirm that patient is a pediatric case.']],
    ["a birth date in the future is not a valid birthdate ('Enter a valid birthdate')", { caseNum: 'C-1', birthDate: '2099-01-01' }, ['birthDate: Enter a valid birthdate']],
    ["an unreadable birth date is not a valid birthdate ('Enter a valid birthdate')", { caseNum: 'C-1', birthDate: 'yesterday' }, ['birthDate: Enter a valid birthdate']],
  ])('%s', (_rule, input, expected) => {
    expect(messages(validateCaseInfo(input, { today }))).toEqual(expected);
  });
});

describe('case save (SPEC.md §5)', () => {
  it("case number required ('Please enter the Case #')", () => {
    expect(validateCaseSave({ caseNum: '' })).toEqual([{ field: 'caseNum', label: 'Case #', section: 'Admission', message: 'Please enter the Case #' }]);
    expect(validateCaseSave({ caseNum: 'C-1' })).toEqual([]);
    expect(validateCaseSave(undefined)).toHaveLength(1);
  });
});

describe('dates (SPEC.md §5): not in the future, not before 1 January two years back; postpartum delivery unbounded', () => {
  it.each([
    ['2026-11-21', true, null],
    ['2026-11-22', true, 'Cannot be a future date'],
    ['2024-01-01', true, null],
    ['2023-12-31', true, 'Cannot be older than 2 years'],
    ['2019-05-05', false, null],
    ['2030-05-05', false, null],
    ['05/05/2026', true, 'Invalid Value'],
    [null, true, null],
    ['', true, null],
  ])('%p (bounded %p): %p', (value, bounded, message) => {
    expect(dateMessage(value, { today, bounded })).toBe(message);
  });

  it('1 January two years back is computed from the injected today', () => {
    expect(earliestAllowedDate('2026-01-01')).toBe('2024-01-01');
    expect(earliestAllowedDate('garbage')).toBeNull();
    expect(dateMessage('2026-01-01', { today: 'garbage', bounded: true })).toBeNull();
  });

  it('validateDate names the field with its label and section', () => {
    expect(validateDate('dischargeDate', '2027-01-01', { today, bounded: true }))
      .toEqual({ field: 'dischargeDate', label: 'Discharge Date', section: 'Discharge', message: 'Cannot be a future date' });
    expect(validateDate('dischargeDate', '2026-01-01', { today, bounded: true })).toBeNull();
  });
});

describe('messages of SPEC.md §8', () => {
  it('are quoted exactly', () => {
    expect(MESSAGES.closeCaseAlert).toBe('Please fill out the following required fields correctly before closing the case :');
    expect(MESSAGES.required).toBe('required');
    expect(MESSAGES.invalidValue).toBe('Invalid Value');
    expect(archiveErrorToast('boom')).toBe('Error archiving case: boom');
    expect(unarchiveErrorToast('boom')).toBe('Error unarchiving case: boom');
  });

  it("the reopen confirmation reads 'reopen' (SPEC.md §4 also shows 're-open' once; §8 and the button say reopen)", () => {
    expect(CONFIRMATIONS.reopenCase).toBe('Are you sure you want to reopen patient case ?');
    expect(CONFIRMATIONS.reopenCase).not.toContain('re-open');
  });
});

describe('field metadata', () => {
  it('every field sits in one of the left-nav sections', () => {
    for (const meta of Object.values(FIELD_META)) expect(CASE_SECTIONS).toContain(meta.section);
  });

  it('resolves infant paths and unknown fields', () => {
    expect(fieldMeta('neonatal[2].status')).toEqual({ label: 'Infant 3: Birth Outcome', section: 'Delivery' });
    expect(fieldMeta('neonatal[0].mystery')).toEqual({ label: 'Infant 1: mystery', section: 'Delivery' });
    expect(fieldMeta('mystery')).toEqual({ label: 'mystery', section: 'Admission' });
  });
});

describe('sane dates and names (issue 13 item 8, issue 14 item 3)', () => {
  it('a birth date before 1900-01-01 or in the future is not a valid birthdate', () => {
    const birth = (birthDate: string) => validatePatient({ firstName: 'Maria', birthDate }, { today }).map((e) => e.message);
    expect(birth('1000-01-01')).toEqual(['Enter a valid birthdate']);
    expect(birth('1899-12-31')).toEqual(['Enter a valid birthdate']);
    expect(birth('1900-01-01')).toEqual([]);
    expect(birth('2026-11-22')).toEqual(['Enter a valid birthdate']);
  });

  it("an unbounded date (postpartum delivery) is still 'Invalid Value' outside 1900-2099", () => {
    expect(dateMessage('1000-01-01', { today, bounded: false })).toBe('Invalid Value');
    expect(dateMessage('2100-01-01', { today, bounded: false })).toBe('Invalid Value');
    expect(dateMessage('1950-06-01', { today, bounded: false })).toBeNull();
  });

  it("a patient's name: 'First name is required', the middle and last names optional, on every screen that names a patient (issue 25 item 13)", () => {
    const named = (values: Record<string, unknown>) => patientNameErrors(values).map((e) => `${e.field}: ${e.message}`);
    expect(named({ firstName: ' ', lastName: 'Santos' })).toEqual(['firstName: First name is required']);
    expect(named({ firstName: 'Imelda' })).toEqual([]);
    expect(named({ firstName: 'Imelda', lastName: '' })).toEqual([]);
    // New Patient and the case-information screen creating a patient ask the same rule.
    const onCaseInfo = validateCaseInfo({ caseNum: 'C-1', birthDate: '1990-01-01', firstName: ' ', lastName: '' }, { today, newPatient: true });
    const onNewPatient = validatePatient({ birthDate: '1990-01-01', firstName: ' ', lastName: '' }, { today });
    expect(onCaseInfo.map((e) => `${e.field}: ${e.message}`)).toEqual(['firstName: First name is required']);
    expect(onCaseInfo).toEqual(onNewPatient);
    expect(validateCaseInfo({ caseNum: 'C-1', birthDate: '1990-01-01', firstName: 'Imelda' }, { today, newPatient: true })).toEqual([]);
    expect(validateCaseInfo({ caseNum: 'C-1', birthDate: '1990-01-01' }, { today })).toEqual([]);
  });

  it('a duplicate is the same first and last name (case and spaces ignored) and the same birth date', () => {
    const existing = { firstName: 'María', lastName: 'Dela Cruz', birthDate: '1990-03-14' };
    expect(isSamePatient(existing, { firstName: ' maría ', lastName: 'dela  cruz', birthDate: '1990-03-14' })).toBe(true);
    expect(isSamePatient(existing, { firstName: 'Mari\u0301a', lastName: 'Dela Cruz', birthDate: '1990-03-14' })).toBe(true);
    expect(isSamePatient(existing, { firstName: 'Maria', lastName: 'Dela Cruz', birthDate: '1990-03-15' })).toBe(false);
    expect(isSamePatient(existing, { firstName: 'Mara', lastName: 'Dela Cruz', birthDate: '1990-03-14' })).toBe(false);
    expect(nameKey('  Ana   Maria ')).toBe('ana maria');
  });
});
