import { SUBMISSION_CASE_TYPES } from '../enums/case-type.enum.js';
import { submissionCaseTypes } from '../rules/case-actions.rules.js';
import { closableGyneCase, closableObCase } from '../testing/case-fixtures.test-helpers.js';
import { belongsToCaseType, caseTypesOf } from './case-type-rule.js';
import { casesCsv, csvHeader } from './package-csv.js';
import { validatePackagedCase } from './package-dictionary.js';
import { packageActions, packageStatusLabel } from './package-status.js';
import { PACKAGE_FILE_NAMES, toPackagedCase } from './package-format.js';
import { isPackageable, packageRefusal } from './packageable-rule.js';

const KEY = 'a'.repeat(64);

describe('the case-type rule of the review lists (SPEC.md §1)', () => {
  const ob = closableObCase();
  const gyne = closableGyneCase();
  const died = closableObCase({ motherCondition: 3 });
  const molar = closableObCase({ pregnancyType: 5 });
  const gtd = closableGyneCase({ gtdDiagnosis: 1 });

  it.each([
    ['an OB case', ['maternalfetalcase'], ob],
    ['a gyne case', ['gynecase'], gyne],
    ['a case where the mother died', ['maternalfetalcase', 'maternalmortalitycase'], died],
    ['a molar pregnancy', ['maternalfetalcase', 'gtdcase'], molar],
    ['a gyne case with a GTD diagnosis', ['gynecase', 'gtdcase'], gtd],
  ])('puts %s in %j, as the case rules do', (_name, types, form) => {
    expect(caseTypesOf(form)).toEqual(types);
    expect(caseTypesOf(form)).toEqual(submissionCaseTypes(form));
    for (const type of SUBMISSION_CASE_TYPES) expect(belongsToCaseType(form, type)).toBe(types.includes(type));
  });
});

describe('the packaged case and its CSV', () => {
  const form = { ...closableObCase({ age: 31 }), _id: 'case-9', version: 4 };
  const packaged = toPackagedCase(form, KEY);

  it('leaves out the case number, room, patient id and bookkeeping; keeps age at admission and the case version', () => {
    for (const field of ['caseNum', 'room', 'patientid', '_id', 'age', 'submissionId', 'createdAt']) expect(packaged).not.toHaveProperty(field);
    expect(packaged).toMatchObject({ caseId: 'case-9', patientKey: KEY, caseVersion: 4, ageAtAdmission: 31, caseTypes: ['maternalfetalcase'] });
  });

  it('writes label headers and each coded value next to its label', () => {
    expect(csvHeader('gtdcase')).toEqual(expect.arrayContaining(['GTD Diagnosis', 'GTD Diagnosis (label)', 'GTD Complication']));
    const [header, row] = casesCsv('maternalfetalcase', [packaged]).split('\r\n');
    const cells = row.split(',');
    const at = (label: string) => cells[header.split(',').indexOf(label)];
    expect(at('Pregnancy Type')).toBe('1');
    expect(at('Pregnancy Type (label)')).toBe('Singleton');
    expect(at('Livebirth')).toBe('1');
  });

  it('passes the data dictionary check, and a wrong code or an identifier fails it by field', () => {
    expect(validatePackagedCase(packaged, 0)).toEqual([]);
    expect(validatePackagedCase({ ...packaged, pregnancyType: 42 }, 3)).toEqual([
      { field: 'cases[3].pregnancyType', message: '42 is not a code of the data dictionary for pregnancyType' },
    ]);
    expect(validatePackagedCase({ ...packaged, lastName: 'Cruz' }, 0)[0].field).toBe('cases[0].lastName');
    expect(validatePackagedCase({ ...packaged, patientKey: 'p-1' }, 0)[0].field).toBe('cases[0].patientKey');
  });
});

describe('the Census tab row (SPEC.md §2, §4)', () => {
  it('shows the status in capitals', () => {
    expect(packageStatusLabel('Sent')).toBe('SENT');
    expect(packageStatusLabel('buildfailed')).toBe('BUILD FAILED');
  });

  it('hides rebuild, download and submit while Sending or building, and when no file was built', () => {
    expect(packageActions({ status: 'pending', building: false })).toEqual({ rebuild: true, download: true, submit: true });
    expect(packageActions({ status: 'Failed', building: false })).toEqual({ rebuild: true, download: true, submit: true });
    expect(packageActions({ status: 'Sending', building: false })).toEqual({ rebuild: false, download: false, submit: false });
    expect(packageActions({ status: 'Sent', building: true })).toEqual({ rebuild: false, download: false, submit: false });
    expect(packageActions({ status: 'buildfailed', building: false })).toEqual({ rebuild: false, download: false, submit: false });
  });
});

describe('the packageable rule (SPEC.md §2, §4: closed cases are approved and bundled into census packages)', () => {
  const closed = { isClose: true, isArchived: false, inPackage: false };

  it('lets a closed, unarchived case in no package be approved and packaged', () => {
    expect(packageRefusal(closed)).toBeNull();
    expect(isPackageable(closed)).toBe(true);
  });

  it.each([
    ['an open case', { ...closed, isClose: false }, 'is not closed'],
    ['an archived case', { ...closed, isArchived: true }, 'is archived'],
    ['a case a package carries or a build holds', { ...closed, inPackage: true }, 'is already in a census package'],
    ['an open, archived case: the first reason', { isClose: false, isArchived: true, inPackage: true }, 'is not closed'],
  ])('refuses %s, in words', (_name, facts, reason) => {
    expect(packageRefusal(facts)).toBe(reason);
    expect(isPackageable(facts)).toBe(false);
  });
});

describe('the files of a census package (ARCHITECTURE.md "Census packages")', () => {
  it('are the manifest, cases.json and one CSV per case type, each once, plain names, in the order the ZIP stores them', () => {
    expect(PACKAGE_FILE_NAMES).toEqual(['manifest.json', 'cases.json', 'maternalfetalcase.csv', 'gynecase.csv', 'maternalmortalitycase.csv', 'gtdcase.csv']);
    expect(new Set(PACKAGE_FILE_NAMES).size).toBe(PACKAGE_FILE_NAMES.length);
    for (const name of PACKAGE_FILE_NAMES) expect(name).toMatch(/^[a-z]+\.(json|csv)$/);
  });
});
