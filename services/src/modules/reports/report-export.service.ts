import { Injectable } from '@nestjs/common';
import type { ReportExportFormat } from '@pnss/libs/api';
import type { ReportValueMode } from '@pnss/libs/reports';
import { badField } from '../../common/errors/common.errors.js';
import { DatabaseService } from '../../database/database.service.js';
import { type AuditActor, AuditService } from '../audit/audit.service.js';
import { CONTENT_TYPES, type ExportFile, type ExportSheet, exportName, toCsv, toXlsx } from '../../common/output/export-file.js';
import { robsonSheets, summarySheets, tableSheets } from './report-export.js';
import { ReportsErrorCode, reportsError } from './reports.errors.js';
import { ReportsService } from './reports.service.js';

/** Report exports (CSV, XLSX), each audited: who exported what, for which range. */
@Injectable()
export class ReportExportService {
  constructor(
    private readonly reports: ReportsService,
    private readonly database: DatabaseService,
    private readonly audit: AuditService,
  ) {}

  async table(actor: AuditActor, query: Record<string, unknown>): Promise<ExportFile> {
    const format = formatOf(query.format);
    const mode = modeOf(query.mode);
    const suppress = suppressOf(query.suppress);
    const answer = await this.reports.table(query.category, query.cross, query.from, query.to);
    const exportedAt = new Date();
    const sheets = tableSheets(answer, mode, suppress, exportedAt);
    const base = `report_${answer.category.name}${answer.cross ? `_by_${answer.cross.name}` : ''}`;
    return this.file(actor, sheets, format, exportName(base, answer.from, answer.to, format), exportedAt, [
      { field: 'report', old: null, new: `table ${answer.category.name}${answer.cross ? ` by ${answer.cross.name}` : ''} (${mode})` },
      { field: 'range', old: null, new: `${answer.from} to ${answer.to}` },
      { field: 'format', old: null, new: format },
      { field: 'suppression', old: null, new: suppress },
    ]);
  }

  async summary(actor: AuditActor, view: string, query: Record<string, unknown>): Promise<ExportFile> {
    const format = formatOf(query.format);
    const suppress = suppressOf(query.suppress);
    const answer = await this.reports.summary(view, query.from, query.to);
    const exportedAt = new Date();
    const sheets = summarySheets(answer, suppress, exportedAt);
    return this.file(actor, sheets, format, exportName(`report_${answer.view}_summary`, answer.from, answer.to, format), exportedAt, [
      { field: 'report', old: null, new: `summary ${answer.view}` },
      { field: 'range', old: null, new: `${answer.from} to ${answer.to}` },
      { field: 'format', old: null, new: format },
      { field: 'suppression', old: null, new: suppress },
    ]);
  }

  async robson(actor: AuditActor, query: Record<string, unknown>): Promise<ExportFile> {
    const format = formatOf(query.format);
    const suppress = suppressOf(query.suppress);
    const answer = await this.reports.robson(query.from, query.to);
    const exportedAt = new Date();
    const sheets = robsonSheets(answer, suppress, exportedAt);
    return this.file(actor, sheets, format, exportName('report_robson', answer.from, answer.to, format), exportedAt, [
      { field: 'report', old: null, new: 'robson' },
      { field: 'range', old: null, new: `${answer.from} to ${answer.to}` },
      { field: 'format', old: null, new: format },
      { field: 'suppression', old: null, new: suppress },
    ]);
  }

  private async file(
    actor: AuditActor, sheets: ExportSheet[], format: ReportExportFormat, fileName: string, exportedAt: Date,
    changes: Array<{ field: string; old: unknown; new: unknown }>,
  ): Promise<ExportFile> {
    const body = format === 'csv' ? toCsv(sheets) : await toXlsx(sheets, exportedAt);
    await this.database.transaction((tx) => this.audit.record(tx, { actor, entity: 'report', entityId: fileName, action: 'export', changes }));
    return { fileName, contentType: CONTENT_TYPES[format], body };
  }
}

function formatOf(value: unknown): ReportExportFormat {
  if (value === 'csv' || value === 'xlsx') return value;
  if (value === undefined || value === '') throw badField('format', 'format is required: csv or xlsx');
  throw reportsError(ReportsErrorCode.UnknownFormat, { field: 'format', value: String(value) });
}

function modeOf(value: unknown): ReportValueMode {
  if (value === undefined || value === '' || value === 'value') return 'value';
  if (value === 'percentage') return 'percentage';
  throw badField('mode', 'mode must be value or percentage');
}

/** On unless told 'false': exports leave the building. */
function suppressOf(value: unknown): boolean {
  if (value === undefined || value === '' || value === 'true') return true;
  if (value === 'false') return false;
  throw badField('suppress', 'suppress must be true or false');
}
