import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { ReportTableDto } from './dto/report-table.dto.js';
import { ReportExportService } from './report-export.service.js';
import { ReportsService } from './reports.service.js';
import { Answer, AnswerFile } from '../../openapi/answer.decorator.js';
import { REPORT_TIMESTAMP_SCHEMA as TIMESTAMP } from '../../openapi/validation-rules.js';

const EXPORT_TYPES = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;
/** An export is a table of report rows: far below this. */
const EXPORT_MAX_BYTES = 16 * 1024 * 1024;
/** A report category's name (GET /api/categories/reports); an unknown one is refused in words. */
const CATEGORY_NAME = { type: 'string', maxLength: 64, pattern: '^[A-Za-z/]+$' } as const;
const RANGE_DOC = 'Millisecond timestamp; its UTC calendar day is included. Ranges of at most 20 years.';

/**
 * The reports (SPEC.md §2 Reports, §7, §9). Every figure counts closed, not archived cases whose
 * discharge date falls in the range (REPORT_COUNTING_RULE of @pnss/libs/reports).
 */
@ApiTags('reports')
@ApiBearerAuth()
@Controller('reports')
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly exports: ReportExportService,
  ) {}

  @Get('summary/:view')
  @Answer('One summary view: maternalMortality (rate, age of gestation, direct causes, timing of death, maternal age) or obreport (manner of delivery, all age of gestation, pregnancy type, CS indications)', 'ReportSummaryAnswer')
  @ApiParam({ name: 'view', enum: ['maternalMortality', 'obreport'] })
  @ApiQuery({ name: 'from', schema: TIMESTAMP, description: RANGE_DOC })
  @ApiQuery({ name: 'to', schema: TIMESTAMP, description: RANGE_DOC })
  summary(@Param('view') view: string, @Query('from') from: unknown, @Query('to') to: unknown) {
    return this.reports.summary(view, from, to);
  }

  @Get('robson')
  @Answer("The Robson Ten-Group table (WHO) of the women who gave birth in the range: each group's size and share, its caesareans and caesarean rate, its absolute and relative contribution to the caesarean rate, and the women not classifiable", 'RobsonReportAnswer')
  @ApiQuery({ name: 'from', schema: TIMESTAMP, description: RANGE_DOC })
  @ApiQuery({ name: 'to', schema: TIMESTAMP, description: RANGE_DOC })
  robson(@Query('from') from: unknown, @Query('to') to: unknown) {
    return this.reports.robson(from, to);
  }

  @Post('table')
  @HttpCode(200)
  @Answer("The report table: the rows of a category, crossed with another (or none), and the total row; an unknown cross is 'No crosssegments'", 'ReportTableAnswer')
  @ApiBody({ type: ReportTableDto })
  table(@Body() body: ReportTableDto) {
    return this.reports.table(body.category, body.cross, body.from, body.to);
  }

  @Get('export/table')
  @AnswerFile('The report table as CSV or XLSX, with the range, the counting rule and the export time; audited', EXPORT_TYPES, EXPORT_MAX_BYTES)
  @ApiQuery({ name: 'category', schema: CATEGORY_NAME })
  @ApiQuery({ name: 'cross', schema: CATEGORY_NAME, required: false })
  @ApiQuery({ name: 'from', schema: TIMESTAMP, description: RANGE_DOC })
  @ApiQuery({ name: 'to', schema: TIMESTAMP, description: RANGE_DOC })
  @ApiQuery({ name: 'format', enum: ['csv', 'xlsx'] })
  @ApiQuery({ name: 'mode', enum: ['value', 'percentage'], required: false })
  @ApiQuery({ name: 'suppress', enum: ['true', 'false'], required: false, description: "Small-cell suppression (counts 1 to 4 as '†', totals that would give them back as 'x'), on unless 'false'" })
  async exportTable(@CurrentUser() user: AuthenticatedUser, @Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
    const file = await this.exports.table(user, query);
    await send(reply, file);
  }

  @Get('export/summary/:view')
  @AnswerFile("Every chart's data of a summary view as CSV or XLSX (one sheet per chart), with the range, the counting rule and the export time; audited", EXPORT_TYPES, EXPORT_MAX_BYTES)
  @ApiParam({ name: 'view', enum: ['maternalMortality', 'obreport'] })
  @ApiQuery({ name: 'from', schema: TIMESTAMP, description: RANGE_DOC })
  @ApiQuery({ name: 'to', schema: TIMESTAMP, description: RANGE_DOC })
  @ApiQuery({ name: 'format', enum: ['csv', 'xlsx'] })
  @ApiQuery({ name: 'suppress', enum: ['true', 'false'], required: false, description: "Small-cell suppression (counts 1 to 4 as '†', totals that would give them back as 'x'), on unless 'false'" })
  async exportSummary(@CurrentUser() user: AuthenticatedUser, @Param('view') view: string, @Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
    const file = await this.exports.summary(user, view, query);
    await send(reply, file);
  }

  @Get('export/robson')
  @AnswerFile('The Robson table as CSV or XLSX, with the range, the counting rule and the export time; audited', EXPORT_TYPES, EXPORT_MAX_BYTES)
  @ApiQuery({ name: 'from', schema: TIMESTAMP, description: RANGE_DOC })
  @ApiQuery({ name: 'to', schema: TIMESTAMP, description: RANGE_DOC })
  @ApiQuery({ name: 'format', enum: ['csv', 'xlsx'] })
  @ApiQuery({ name: 'suppress', enum: ['true', 'false'], required: false, description: "Small-cell suppression (counts 1 to 4 as '†', totals that would give them back as 'x'), on unless 'false'" })
  async exportRobson(@CurrentUser() user: AuthenticatedUser, @Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
    const file = await this.exports.robson(user, query);
    await send(reply, file);
  }
}

async function send(reply: FastifyReply, file: { fileName: string; contentType: string; body: Buffer }): Promise<void> {
  await reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(file.body);
}
