import type { CodeTable } from '../enums/code-table.js';
import { SUBMISSION_CASE_TYPES } from '../enums/case-type.enum.js';
import type { LookupEntry } from '../lookups/lookup-entry.js';
import { CODE_TABLES } from '../enums/code-tables.js';
import {
  AGE_CAP, DATA_DICTIONARY, DATA_DICTIONARY_VERSION, DATE_POLICY, type FieldDefinition, WITHHELD_CASE_FIELDS,
} from './data-dictionary.js';
import { csvHeader } from './package-csv.js';
import { CASES_FILE, MANIFEST_FILE, PACKAGE_FILE_NAMES, PACKAGE_FORMAT, PACKAGE_FORMAT_VERSION, csvFileName } from './package-format.js';

/** The file the document is written to, beside its table (`npm run data-dictionary -w libs`). */
export const DATA_DICTIONARY_DOC = 'data-dictionary.md';

const TABLE_NAMES = new Map<CodeTable | readonly LookupEntry[], string>(
  Object.entries(CODE_TABLES).map(([name, table]) => [table as CodeTable, `code table \`${name}\``]),
);

function codesOf(definition: FieldDefinition): string {
  if (!definition.codes) return '';
  const name = TABLE_NAMES.get(definition.codes);
  if (name) return `${name} (${definition.codes.length} codes)`;
  return `reference list (${(definition.codes as readonly LookupEntry[]).map((e) => e.name).slice(0, 3).join(', ')}...)`;
}

function typeOf(definition: FieldDefinition): string {
  const range = definition.range && definition.range[1] < Number.MAX_SAFE_INTEGER ? ` ${definition.range[0]}-${definition.range[1]}` : '';
  return `${definition.type}${range}${definition.required ? ', required' : ''}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function fieldTable(fields: Readonly<Record<string, FieldDefinition>>): string[] {
  const rows = ['| field | type | meaning | codes | leaves |', '|---|---|---|---|---|'];
  for (const [name, definition] of Object.entries(fields)) {
    const leaves = definition.freeText ? 'only with PACKAGE_FREE_TEXT=true' : 'always';
    rows.push(`| \`${name}\` | ${typeOf(definition)} | ${cell(definition.meaning)} | ${codesOf(definition)} | ${leaves} |`);
  }
  return rows;
}

/**
 * The data dictionary as a document for the society's analysts and the department's officers:
 * rendered from DATA_DICTIONARY and WITHHELD_CASE_FIELDS, so it cannot say other than the code does.
 */
export function renderDataDictionary(): string {
  const records = Object.entries(DATA_DICTIONARY).filter(([, d]) => d.type === 'records' && d.items);
  const shared = new Map<Readonly<Record<string, FieldDefinition>>, string[]>();
  for (const [name, definition] of records) {
    const items = definition.items as Readonly<Record<string, FieldDefinition>>;
    shared.set(items, [...(shared.get(items) ?? []), name]);
  }
  const lines = [
    '<!-- Generated from libs/src/submissions/data-dictionary.ts by `npm run data-dictionary -w libs`: do not edit. -->',
    `# Census package data dictionary ${DATA_DICTIONARY_VERSION}`,
    '',
    `What leaves the department in a census package (\`${PACKAGE_FORMAT}\` format ${PACKAGE_FORMAT_VERSION}), field by field.`,
    'Nothing else leaves: the builder writes only these fields, and the society\'s hub refuses a package with any other',
    '(a name, a birth date, a case number, a room or an exact date is refused by name).',
    '',
    '## Files',
    '',
    `The ZIP holds exactly ${PACKAGE_FILE_NAMES.map((n) => `\`${n}\``).join(', ')}, each once, in that order.`,
    `\`${MANIFEST_FILE}\` names the submission, the department, the period, the number of cases, the package version,`,
    'this dictionary\'s version, the build time and the SHA-256 and size of every other file. Its `startDate` and `endDate`',
    'are the first day of the first month and the last day of the last month the cases were discharged in.',
    `\`${CASES_FILE}\` is the list of cases below; each CSV holds the cases of one review list, a coded value followed by its label.`,
    '',
    '## Dates',
    '',
    DATE_POLICY,
    '',
    'Exact dates of care are identifiers under the usual de-identification standards (HIPAA Safe Harbor: all elements of',
    'dates except the year). The society\'s reports count a case by its discharge month and read the intervals; no day of',
    'the month is needed. One month per case only: an admission month and a discharge month with the length of stay would',
    'give back both days whenever a stay crosses the end of a month. Day offsets from a random anchor per package would hide',
    'the period the reports need. The month goes beyond Safe Harbor\'s year, as the least the period reports need.',
    '',
    '## The patient',
    '',
    'No name, birth date, case number or room leaves. The patient is `patientKey`, a keyed hash (HMAC-SHA-256 with the',
    `department's PACKAGE_SECRET) of her record id: the same for all her cases. Her age is \`ageAtAdmission\`, capped at ${AGE_CAP}`,
    `(${AGE_CAP} means ${AGE_CAP} or older, as Safe Harbor aggregates ages over 89).`,
    '',
    '## Free text',
    '',
    'The free-text answers (the Others texts, the histopath diagnosis, the anomalies, the onset) stay at the department:',
    'a clinician can type a name there. They leave only when the department sets `PACKAGE_FREE_TEXT=true` (README,',
    'Configuration), and are then marked in the tables below.',
    '',
    `## Cases (\`${CASES_FILE}\`, keys in alphabetical order)`,
    '',
    ...fieldTable(DATA_DICTIONARY),
  ];
  for (const [items, names] of shared) {
    lines.push('', `### Each record of ${names.map((n) => `\`${n}\``).join(', ')}`, '', ...fieldTable(items));
  }
  lines.push('', '## Case-form fields that do not leave', '', '| field | why |', '|---|---|');
  for (const [name, reason] of Object.entries(WITHHELD_CASE_FIELDS)) lines.push(`| \`${name}\` | ${cell(reason)} |`);
  lines.push('', '## CSV columns', '');
  for (const type of SUBMISSION_CASE_TYPES) lines.push(`- \`${csvFileName(type)}\`: ${csvHeader(type).join(', ')}`);
  lines.push('');
  return lines.join('\n');
}
