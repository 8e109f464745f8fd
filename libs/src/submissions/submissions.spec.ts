import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CASE_FORM_FIELDS, type CaseForm } from '../api/case-form.js';
import { SUBMISSION_CASE_TYPES } from '../enums/case-type.enum.js';
import { submissionCaseTypes } from '../rules/case-actions.rules.js';
import { closableGyneCase, closableObCase, healthyInfant } from '../testing/case-fixtures.test-helpers.js';
import { AGE_CAP, DATA_DICTIONARY, DATA_DICTIONARY_VERSION, FREE_TEXT_CASE_FIELDS, WITHHELD_CASE_FIELDS } from './data-dictionary.js';
import { DATA_DICTIONARY_DOC, renderDataDictionary } from './data-dictionary-doc.js';
import { belongsToCaseType, caseTypesOf } from './case-type-rule.js';
import { casesCsv, csvHeader } from './package-csv.js';
import { validatePackagedCase } from './package-dictionary.js';
import { packageActions, packageStatusLabel } from './package-status.js';
import { PACKAGE_FILE_NAMES, packagePeriod, toPackagedCase } from './package-format.js';
import {
  approvalRefusal, isPackageable, needsWarningsConfirmation, openQueryRefusal, packageRefusal, unconfirmedWarningsRefusal,
} from './packageable-rule.js';

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
  const packaged = toPackagedCase(form, KEY, { freeText: false });

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
    expect(at('Discharge Month')).toBe('2026-11');
    expect(at('Length of Stay (days)')).toBe('4');
    expect(at('Admission to Delivery (days)')).toBe('1');
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

describe('what leaves the department (issue 25 item 8: no exact date of care, no free text unless allowed)', () => {
  const FREE = 'Ana Reyes in bed 4';
  const form: CaseForm = {
    ...closableObCase({
      _id: 'case-7', version: 2, age: 40, room: 'Ward 3 bed 4', caseNum: 'OB-2026-0042',
      admissionDate: '2026-03-30', deliveryDate: '2026-03-31', dischargeDate: '2026-04-02',
      deliveryIndication: [101, 999999], deliveryIndicationOthers: FREE,
      neonatal: [healthyInfant({ anomalies: true, anomalyOthers: FREE })],
      morbidities: [{ conditionId: 999999, categoryId: 16, others: FREE }],
    }),
  };
  const withheld = toPackagedCase(form, KEY, { freeText: false });
  const allowed = toPackagedCase(form, KEY, { freeText: true });

  it('carries every field of the data dictionary and nothing else, free text only when the department allows it', () => {
    const everyField = Object.keys(DATA_DICTIONARY).sort();
    const freeText = everyField.filter((name) => DATA_DICTIONARY[name as keyof typeof DATA_DICTIONARY].freeText);
    expect(freeText.sort()).toEqual([...FREE_TEXT_CASE_FIELDS].sort());
    expect(Object.keys(allowed)).toEqual(everyField);
    expect(Object.keys(withheld)).toEqual(everyField.filter((name) => !freeText.includes(name)));
    expect(JSON.stringify(withheld)).not.toContain('Ana');
    expect(withheld.neonatal[0]).not.toHaveProperty('anomalyOthers');
    expect(withheld.morbidities[0]).toEqual({ categoryId: 16, conditionId: 999999 });
    expect(allowed).toMatchObject({ deliveryIndicationOthers: FREE, neonatal: [{ anomalyOthers: FREE }], morbidities: [{ others: FREE }] });
    for (const c of [withheld, allowed]) expect(validatePackagedCase(c, 0)).toEqual([]);
  });

  it('gives every case-form field a line in the dictionary or a reason to stay', () => {
    const accounted = new Set([...Object.keys(DATA_DICTIONARY), ...Object.keys(WITHHELD_CASE_FIELDS)]);
    expect(CASE_FORM_FIELDS.filter((field) => !accounted.has(field))).toEqual([]);
  });

  it('sends the discharge month and the intervals, never a day: a stay over a month end gives no day back', () => {
    expect(withheld).toMatchObject({ dischargeMonth: '2026-04', lengthOfStayDays: 3, admissionToDeliveryDays: 1, deliveryToDischargeDays: 2 });
    for (const field of ['admissionDate', 'dischargeDate', 'deliveryDate', 'admissionMonth', 'deliveryMonth']) expect(withheld).not.toHaveProperty(field);
    expect(JSON.stringify(withheld)).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const postpartum = toPackagedCase({ ...form, isPostpartum: true, deliveryDate: '2026-03-20' }, KEY, { freeText: false });
    expect(postpartum.admissionToDeliveryDays).toBe(-10);
  });

  it('states an age of 90 or more as 90 (HIPAA Safe Harbor aggregates ages over 89)', () => {
    expect(toPackagedCase({ ...form, age: 93 }, KEY, { freeText: false }).ageAtAdmission).toBe(AGE_CAP);
    expect(toPackagedCase({ ...form, age: 89 }, KEY, { freeText: false }).ageAtAdmission).toBe(89);
  });

  it('makes the same bytes from the same case, whatever order its fields were read in', () => {
    const reordered = Object.fromEntries(Object.entries(form).reverse()) as unknown as CaseForm;
    expect(JSON.stringify(toPackagedCase(reordered, KEY, { freeText: true }))).toBe(JSON.stringify(allowed));
  });

  it('refuses at the hub an exact date, a field outside the dictionary, and a month that is a day', () => {
    expect(validatePackagedCase({ ...withheld, admissionDate: '2026-03-30' }, 0)).toEqual([
      { field: 'cases[0].admissionDate', message: 'admissionDate identifies a patient or dates her care and must not leave the department' },
    ]);
    expect(validatePackagedCase({ ...withheld, bloodType: 'O' }, 1)).toEqual([
      { field: 'cases[1].bloodType', message: 'bloodType is not a field of the data dictionary' },
    ]);
    expect(validatePackagedCase({ ...withheld, dischargeMonth: '2026-04-02' }, 0)).toEqual([
      { field: 'cases[0].dischargeMonth', message: 'dischargeMonth must be a month YYYY-MM: no day of care leaves the department' },
    ]);
    expect(validatePackagedCase({ ...withheld, neonatal: [{ ...withheld.neonatal[0], birthDate: '2026-03-31' }] }, 0)).toEqual([
      { field: 'cases[0].neonatal[0].birthDate', message: 'birthDate identifies a patient or dates her care and must not leave the department' },
    ]);
  });

  it("widens the manifest's period to the whole months of discharge", () => {
    expect(packagePeriod([{ dischargeMonth: '2026-04' }, { dischargeMonth: '2026-02' }], '2026-05-01')).toEqual({ startDate: '2026-02-01', endDate: '2026-04-30' });
    expect(packagePeriod([{ dischargeMonth: '2024-02' }], '2026-05-01')).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
  });

  it('is written out as data-dictionary.md, as the table says (npm run data-dictionary -w libs)', () => {
    const written = readFileSync(join(__dirname, DATA_DICTIONARY_DOC), 'utf8');
    expect(written).toBe(renderDataDictionary());
    expect(written).toContain(`# Census package data dictionary ${DATA_DICTIONARY_VERSION}`);
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
    // Issue 30: while a case of the package is reopened for amendment, neither Rebuild nor Submit; Download stays.
    expect(packageActions({ status: 'Sent', building: false, amendingCases: ['C-7'] })).toEqual({ rebuild: false, download: true, submit: false });
    expect(packageActions({ status: 'Sent', building: false, amendingCases: [] })).toEqual({ rebuild: true, download: true, submit: true });
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

describe('the approval rule (issue 31: a case with an open query is not approved; one with data-quality warnings only once they are confirmed)', () => {
  const clean = { isClose: true, isArchived: false, inPackage: false, openQueryFields: [], qualityRules: [], warningsConfirmed: false };

  it('approves a closed case without warnings or open queries, with no confirmation asked', () => {
    expect(needsWarningsConfirmation(clean)).toBe(false);
    expect(approvalRefusal(clean)).toBeNull();
  });

  it('refuses a case with data-quality warnings not confirmed, naming each rule in the words of the Data Quality view', () => {
    const warned = { ...clean, qualityRules: ['birth-weight-for-age', 'unknown-answer'] };
    expect(needsWarningsConfirmation(warned)).toBe(true);
    expect(approvalRefusal(warned)).toBe(unconfirmedWarningsRefusal(warned.qualityRules));
    expect(unconfirmedWarningsRefusal(warned.qualityRules)).toBe(
      "has data-quality warnings not confirmed (Birth weight far from the gestational age; Answer left at 'unknown'): approve it with the warnings confirmed",
    );
  });

  it('approves a case with data-quality warnings once they are confirmed, hard errors of the close rules included', () => {
    expect(approvalRefusal({ ...clean, qualityRules: ['close-rules', 'bmi-high'], warningsConfirmed: true })).toBeNull();
    expect(approvalRefusal({ ...clean, qualityRules: ['close-rules'] })).toMatch(/^has data-quality warnings not confirmed \(Fails the close-case rules\)/);
  });

  it('refuses an open query before the warnings, confirmed or not, and the packageable rule before both', () => {
    const queried = { ...clean, openQueryFields: ['weight'], qualityRules: ['bmi-high'], warningsConfirmed: true };
    expect(approvalRefusal(queried)).toBe(openQueryRefusal(['weight']));
    expect(approvalRefusal({ ...queried, isClose: false })).toBe('is not closed');
  });

  it('names the queried fields by their labels on the case form, an infant\'s as "Infant 1: …", not by their paths', () => {
    expect(openQueryRefusal(['neonatal[0].pediatricWeight'])).toBe('has an open query (Infant 1: Birth Weight (g)): close it before approving');
    expect(openQueryRefusal(['weight', 'neonatal[1].pediatricWeight'])).toBe(
      'has 2 open queries (Weight (kg), Infant 2: Birth Weight (g)): close them before approving',
    );
  });
});

describe('the files of a census package (ARCHITECTURE.md "Census packages")', () => {
  it('are the manifest, cases.json and one CSV per case type, each once, plain names, in the order the ZIP stores them', () => {
    expect(PACKAGE_FILE_NAMES).toEqual(['manifest.json', 'cases.json', 'maternalfetalcase.csv', 'gynecase.csv', 'maternalmortalitycase.csv', 'gtdcase.csv']);
    expect(new Set(PACKAGE_FILE_NAMES).size).toBe(PACKAGE_FILE_NAMES.length);
    for (const name of PACKAGE_FILE_NAMES) expect(name).toMatch(/^[a-z]+\.(json|csv)$/);
  });
});
