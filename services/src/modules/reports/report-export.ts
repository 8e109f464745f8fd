import type { PerinatalFigures, ReportSummaryAnswer, ReportTableAnswer, RobsonReportAnswer } from '@pnss/libs/api';
import {
  PERCENTAGE_RULE, type ReportValueMode, SUPPRESSION_NOTE, formatRate, isSmallCount, markedText, reportChartView, reportTableView, robsonTableView,
} from '@pnss/libs/reports';
import type { ExportSheet } from '../../common/output/export-file.js';

const SUMMARY_TITLES = { obreport: 'OB Report', maternalMortality: 'Maternal Mortality' } as const;

function headingLines(title: string, answer: { from: string; to: string; rule: string }, exportedAt: Date, suppress: boolean, extra: string[] = []): string[] {
  return [
    title,
    `Range: ${answer.from} to ${answer.to}`,
    answer.rule,
    ...extra,
    suppress ? `Small-cell suppression on. ${SUPPRESSION_NOTE}` : 'Small-cell suppression off: every count is shown.',
    `Exported: ${exportedAt.toISOString()}`,
  ];
}

export function tableSheets(answer: ReportTableAnswer, mode: ReportValueMode, suppress: boolean, exportedAt: Date): ExportSheet[] {
  const view = reportTableView(answer, mode, suppress);
  const title = `Report table: ${answer.category.label}${answer.cross ? ` by ${answer.cross.label}` : ''} (${mode === 'percentage' ? 'Percentage' : 'Value'})`;
  const extra = mode === 'percentage' ? [PERCENTAGE_RULE] : [];
  return [{
    name: 'Table',
    heading: headingLines(title, answer, exportedAt, suppress, extra),
    header: [view.rowTitle, ...view.columns.map((c) => c.label), 'Total'],
    rows: [...view.rows, view.totalRow].map((r) => [r.label, ...r.cells, r.total]),
  }];
}

export function summarySheets(answer: ReportSummaryAnswer, suppress: boolean, exportedAt: Date): ExportSheet[] {
  const sheets: ExportSheet[] = [];
  const title = SUMMARY_TITLES[answer.view];
  if (answer.rate) {
    const small = suppress && answer.rate.deaths >= 1 && answer.rate.deaths <= 4;
    sheets.push({
      name: 'Mortality Rate',
      heading: headingLines(`${title}: Maternal Mortality Rate (deaths over dead plus alive)`, answer, exportedAt, suppress),
      header: ['Deaths', 'Alive', 'Rate'],
      rows: [[
        small ? markedText('small', '') : String(answer.rate.deaths),
        String(answer.rate.alive),
        small ? markedText('hidden', '') : answer.rate.rate === 0 ? '-' : `${answer.rate.rate}%`,
      ]],
    });
  }
  if (answer.mmr) {
    const mmr = answer.mmr;
    const small = suppress && isSmallCount(mmr.deaths);
    sheets.push({
      name: 'Maternal Mortality Ratio',
      heading: headingLines(`${title}: Maternal Mortality Ratio per 100,000 live births (WHO)`, answer, exportedAt, suppress, [mmr.definition]),
      header: ['Maternal deaths', 'Live births', 'MMR per 100,000', '95% CI lower', '95% CI upper', 'Coincidental deaths (not counted)', 'Unmapped cause'],
      rows: [[
        small ? markedText('small', '') : String(mmr.deaths),
        String(mmr.liveBirths),
        ...[mmr.ratio, mmr.lower, mmr.upper].map((v) => (small ? markedText('hidden', '') : formatRate(v))),
        suppress && isSmallCount(mmr.coincidentalDeaths) ? markedText('small', '') : String(mmr.coincidentalDeaths),
        suppress && isSmallCount(mmr.unmappedDeaths) ? markedText('small', '') : String(mmr.unmappedDeaths),
      ]],
    });
  }
  if (answer.perinatal) {
    sheets.push({
      name: 'Perinatal Mortality',
      heading: headingLines(`${title}: Stillbirth, Perinatal and Neonatal Mortality (WHO)`, answer, exportedAt, suppress, [`Counts ${answer.perinatal.counts}.`]),
      header: PERINATAL_HEADER,
      rows: [answer.perinatal.international, answer.perinatal.national].map((p) => perinatalRow(p, suppress)),
    });
  }
  for (const chart of answer.charts) {
    const view = reportChartView(chart, suppress);
    sheets.push({
      name: chart.title.slice(0, 31),
      heading: headingLines(`${title}: ${chart.title}`, answer, exportedAt, suppress, [`Counts ${chart.counts}.`]),
      header: [chart.title, 'Count', 'Percentage'],
      rows: [...view.rows, view.total].map((r) => [r.label, r.count, r.percent]),
    });
  }
  return sheets;
}

const PERINATAL_HEADER = [
  'Definition', 'Live births', 'Stillbirths', 'Total births', 'Early neonatal deaths (0-6 days)', 'Neonatal deaths (0-27 days)',
  'Stillbirth rate per 1000 total births', 'Perinatal mortality rate per 1000 total births', 'Early neonatal mortality rate per 1000 live births',
  'Neonatal mortality rate per 1000 live births', 'Born dead below the threshold', 'Born dead, threshold unknown',
];

/** One definition's perinatal figures; a rate made from a suppressed count is hidden. */
export function perinatalRow(p: PerinatalFigures, suppress: boolean): string[] {
  const small = (n: number) => suppress && isSmallCount(n);
  const count = (n: number) => (small(n) ? markedText('small', '') : n === 0 ? '-' : String(n));
  const rate = (value: number | null, ...from: number[]) => (from.some(small) ? markedText('hidden', '') : formatRate(value));
  return [
    p.label, count(p.liveBirths), count(p.stillbirths), count(p.totalBirths), count(p.earlyNeonatalDeaths), count(p.neonatalDeaths),
    rate(p.stillbirthRate, p.stillbirths), rate(p.perinatalMortalityRate, p.stillbirths, p.earlyNeonatalDeaths),
    rate(p.earlyNeonatalMortalityRate, p.earlyNeonatalDeaths), rate(p.neonatalMortalityRate, p.neonatalDeaths),
    count(p.belowThreshold), count(p.thresholdUnknown),
  ];
}

export function robsonSheets(answer: RobsonReportAnswer, suppress: boolean, exportedAt: Date): ExportSheet[] {
  const view = robsonTableView(answer, suppress);
  return [{
    name: 'Robson',
    heading: headingLines('Robson Ten-Group Classification (WHO)', answer, exportedAt, suppress, [`Counts ${answer.counts}`]),
    header: view.header,
    rows: [...view.rows.map((r) => r.cells), view.total],
  }];
}


