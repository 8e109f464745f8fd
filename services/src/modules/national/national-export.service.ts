import { Injectable } from '@nestjs/common';
import type { NationalCount, NationalExportTable, NationalPerinatal, NationalRate } from '@pnss/libs/api';
import { NATIONAL_EXPORT_TABLES } from '@pnss/libs/api';
import { SUPPRESSION_NOTE, formatRate, markedText } from '@pnss/libs/reports';
import { badField } from '../../common/errors/common.errors.js';
import { CONTENT_TYPES, type ExportFile, type ExportSheet, exportName, toCsv, toXlsx } from '../../common/output/export-file.js';
import { NATIONAL_COUNTING_RULE, NationalFiguresService, nationalScopeOf, published, publishedPerinatal, publishedRate } from './national-figures.service.js';

/** A count as an export shows it: '†', 'x' or the number (exports always leave the society's staff: always suppressed). */
const text = (count: NationalCount): string => markedText(published(count).mark, String(count.count ?? ''));
const rateText = (rate: number | null): string => (rate === null ? '-' : formatRate(rate));
const percentText = (value: number | null): string => (value === null ? '-' : `${value.toFixed(1)}%`);

/** The national tables as CSV or XLSX (issue 29), every count suppressed by the libs rule. */
@Injectable()
export class NationalExportService {
  constructor(private readonly figures: NationalFiguresService) {}

  async export(table: string, query: Record<string, unknown>): Promise<ExportFile> {
    this.figures.assertEnabled();
    if (!(NATIONAL_EXPORT_TABLES as readonly string[]).includes(table)) throw badField('table', `table must be one of ${NATIONAL_EXPORT_TABLES.join(', ')}`);
    const format = query.format;
    if (format !== 'csv' && format !== 'xlsx') throw badField('format', 'format is required: csv or xlsx');
    const scope = nationalScopeOf(query);
    const exportedAt = new Date();
    const heading = (title: string) => [
      `${title} (national census)`, `Period: ${scope.from} to ${scope.to}; ${scope.departmentId ? `department ${scope.departmentId}` : 'all departments'}`,
      NATIONAL_COUNTING_RULE, `Small-cell suppression on. ${SUPPRESSION_NOTE}`, `Exported: ${exportedAt.toISOString()}`,
    ];
    const sheets = await this.sheets(table as NationalExportTable, query, heading);
    const body = format === 'csv' ? toCsv(sheets) : await toXlsx(sheets, exportedAt);
    return { fileName: exportName(`national_${table}`, scope.from, scope.to, format), contentType: CONTENT_TYPES[format], body };
  }

  private async sheets(table: NationalExportTable, query: Record<string, unknown>, heading: (title: string) => string[]): Promise<ExportSheet[]> {
    if (table === 'funnel') {
      const funnel = await this.figures.funnel(query);
      return [{
        name: 'Funnel', heading: [...heading(`Funnel: ${funnel.definition}`), `National rate: ${rateText(funnel.nationalRate)} per ${funnel.per}`],
        header: ['Department', 'Events', 'Denominator', `Rate per ${funnel.per}`, '95% limits', '99.8% limits'],
        rows: funnel.points.map((p) => {
          const events: NationalCount = { count: p.events, mark: p.events >= 1 && p.events <= 4 ? 'small' : 'shown' };
          return [p.departmentId, text(events), String(p.denominator), events.mark === 'shown' ? rateText(p.rate) : '-', p.position95, p.position998];
        }),
      }];
    }
    if (table === 'completeness') {
      const grid = await this.figures.completeness(query);
      return [{ name: 'Completeness', heading: [...heading('Completeness'), grid.rule], header: ['Department', ...grid.months], rows: grid.rows.map((r) => [r.departmentId, ...r.cells.map((c) => c.state)]) }];
    }
    const answer = await this.figures.figures(query);
    const rateRow = (label: string, rate: NationalRate): string[] => {
      const shown = publishedRate(rate);
      return [label, text(rate.events), text(rate.denominator), rateText(shown.rate), rateText(shown.lower), rateText(shown.upper)];
    };
    switch (table) {
      case 'maternal':
        return [{
          name: 'Maternal mortality', heading: [...heading('Maternal mortality ratio'), answer.maternal.definition],
          header: ['Figure', 'Deaths', 'Live births', 'Per 100,000', '95% lower', '95% upper'],
          rows: [rateRow('Maternal mortality ratio', answer.maternal.mmr), ['Coincidental deaths (not in the ratio)', text(answer.maternal.coincidentalDeaths), '', '', '', '']],
        }];
      case 'icd-mm':
        return [{
          name: 'ICD-MM groups', heading: heading('Maternal deaths by ICD-MM group'), header: ['Group', 'Type', 'Deaths', 'In the ratio'],
          rows: [...answer.maternal.byIcdMmGroup.map((g) => [`${g.group} ${g.label}`, g.type, text(g.deaths), g.inRatio ? 'yes' : 'no']), ['Total', '', text(answer.maternal.totalDeaths), '']],
        }];
      case 'timing':
        return [{
          name: 'Timing of death', heading: heading('Maternal deaths by timing'), header: ['Timing', 'Deaths'],
          rows: [...answer.maternal.byTiming.map((t) => [t.label, text(t.count)]), ['Total', text(answer.maternal.totalDeaths)]],
        }];
      case 'perinatal': {
        const row = (p: NationalPerinatal) => {
          const shown = publishedPerinatal(p);
          return [p.label, text(p.liveBirths), text(p.stillbirths), text(p.earlyNeonatalDeaths), text(p.neonatalDeaths), text(p.totalBirths),
            rateText(shown.stillbirthRate), rateText(shown.earlyNeonatalMortalityRate), rateText(shown.perinatalMortalityRate), rateText(shown.neonatalMortalityRate)];
        };
        return [{
          name: 'Perinatal', heading: heading('Stillbirth, perinatal and neonatal mortality (WHO)'),
          header: ['Definition', 'Live births', 'Stillbirths', 'Early neonatal deaths', 'Neonatal deaths', 'Total births', 'Stillbirth rate', 'Early neonatal rate', 'Perinatal rate', 'Neonatal rate'],
          rows: [row(answer.perinatal.international), row(answer.perinatal.national)],
        }];
      }
      case 'robson':
        return [{
          name: 'Robson', heading: heading('Caesarean sections by Robson group (WHO)'),
          header: ['Group', 'Women', 'Share', 'Caesareans', 'CS rate in group', 'Absolute contribution', 'Relative contribution'],
          rows: [
            ...answer.caesarean.robson.map((r) => {
              const hide = published(r.caesareans).count === null || published(r.women).count === null;
              return [r.label, text(r.women), percentText(r.share), text(r.caesareans), hide ? '-' : percentText(r.caesareanRate),
                hide ? '-' : percentText(r.absoluteContribution), hide ? '-' : percentText(r.relativeContribution)];
            }),
            ['Total', text(answer.caesarean.rate.denominator), '100.0%', text(answer.caesarean.rate.events), percentText(publishedRate(answer.caesarean.rate).rate), '', ''],
          ],
        }];
      default:
        throw badField('table', `table must be one of ${NATIONAL_EXPORT_TABLES.join(', ')}`);
    }
  }
}
