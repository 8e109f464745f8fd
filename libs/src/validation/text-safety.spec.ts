import { validateCaseInfo, validatePatient } from './patient.validation.js';
import { deceptiveTextProblem } from './text-safety.js';

describe('names and free text refuse direction overrides, zero-width characters and a BOM (issue 27 item 6)', () => {
  it.each([
    ['a right-to-left override', 'Anna \u202Ezurc', 'U+202E at position 6'],
    ['a left-to-right embedding', '\u202AAnna', 'U+202A at position 1'],
    ['a first-strong isolate', 'Ann\u2068a', 'U+2068 at position 4'],
    ['a zero-width space', 'An\u200Bna', 'U+200B at position 3'],
    ['a zero-width joiner', 'Anna\u200D', 'U+200D at position 5'],
    ['a right-to-left mark', 'Cruz\u200F', 'U+200F at position 5'],
    ['a word joiner', 'Cr\u2060uz', 'U+2060 at position 3'],
    ['a leading byte-order mark', '\uFEFFCruz', 'U+FEFF at position 1'],
  ])('refuses %s, naming it', (_what, text, where) => {
    expect(deceptiveTextProblem(text)).toBe(`must not contain invisible direction or zero-width characters (${where}): retype it`);
  });

  it('takes names of every script and accent', () => {
    for (const name of ['María José', 'Nguyễn', 'محمد', 'Ðặng', "O'Neil-Cruz", '李小龍']) expect(deceptiveTextProblem(name)).toBeNull();
  });

  it('the patient form and the case information form name each field', () => {
    const today = '2026-11-25';
    expect(validatePatient({ firstName: 'Anna\u202E', lastName: '\uFEFFCruz', birthDate: '1990-01-01' }, { today })).toEqual([
      { field: 'firstName', label: 'First Name', message: 'First Name must not contain invisible direction or zero-width characters (U+202E at position 5): retype it' },
      { field: 'lastName', label: 'Last Name', message: 'Last Name must not contain invisible direction or zero-width characters (U+FEFF at position 1): retype it' },
    ]);
    expect(validateCaseInfo({ caseNum: 'C1', middleName: 'B\u200Bo' }, { today })).toEqual([
      expect.objectContaining({ field: 'middleName' }),
    ]);
  });
});
