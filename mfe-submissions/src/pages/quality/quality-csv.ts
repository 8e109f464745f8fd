import type { QualitySummary } from '@pnss/libs/api';
import { QUALITY_DENOMINATORS } from '@pnss/libs/quality';

const cell = (value: string | number | null): string => {
  const text = value === null ? '' : String(value);
  // A cell a spreadsheet would read as a formula is written as text.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The Data Quality view as CSV: the score, the rules with their counts and case numbers, then completeness by section and field, and what each figure counts (its denominator). */
export function qualityCsv(summary: QualitySummary): string {
  const lines: Array<Array<string | number | null>> = [
    ['Data quality', `${summary.from} to ${summary.to}`],
    ['Cases reviewed', summary.cases],
    ['Department score', summary.score],
    [],
    ['Rule', 'Severity', 'Cases', 'Case numbers'],
    ...summary.rules.map((r) => [r.title, r.severity, r.cases, r.caseList.map((c) => c.caseNum).join(' ')]),
    [],
    ['Section', 'Field', 'Asked', 'Answered', 'Completeness %'],
    ...summary.sections.map((s) => [s.label, '', s.asked, s.answered, s.share === null ? null : Math.round(s.share * 1000) / 10]),
    ...summary.fields.map((f) => [f.section, f.label, f.asked, f.answered, f.share === null ? null : Math.round(f.share * 1000) / 10]),
    [],
    ['What each figure counts'],
    ...Object.values(QUALITY_DENOMINATORS).map((words) => [words.replace('FROM', summary.from).replace('TO', summary.to)]),
  ];
  return `${lines.map((line) => line.map(cell).join(',')).join('\n')}\n`;
}
