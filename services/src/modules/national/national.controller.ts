import { Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { NATIONAL_EXPORT_TABLES, NATIONAL_FUNNEL_INDICATORS, type NationalStandingAnswer } from '@pnss/libs/api';
import { API_KEY_HEADER, DEPARTMENT_HEADER, DEPARTMENT_ID_PATTERN } from '@pnss/libs/submissions';
import { ParseIdPipe } from '../../common/validation/parse-id.pipe.js';
import { Answer, AnswerFile } from '../../openapi/answer.decorator.js';
import { textSchemaOf } from '../../openapi/validation-rules.js';
import { NationalIngestQueryDto } from './dto/national.dto.js';
import { NationalComparisonService } from './national-comparison.service.js';
import { NationalExportService } from './national-export.service.js';
import { NationalFiguresService } from './national-figures.service.js';
import { NationalIngestService } from './national-ingest.service.js';
import { NationalStandingService } from './national-standing.service.js';

const MONTH = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$', maxLength: 7 } as const;
const MONTH_DOC = "A month, 'YYYY-MM'; both months included, at most 120 months.";
const DEPARTMENT = textSchemaOf(DEPARTMENT_ID_PATTERN);
const NOT_HUB = { 404: 'The hub is not enabled on this server (HUB_ENABLED)' } as const;
const EXPORT_TYPES = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;
const EXPORT_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The national census at the society's hub (issue 29; NATIONAL-API.md): figures from the national
 * facts, each department against the nation, completeness, exports, and the ingest of the packages.
 */
@ApiTags('national')
@ApiBearerAuth()
@Controller('national')
export class NationalController {
  constructor(
    private readonly figures: NationalFiguresService,
    private readonly ingest: NationalIngestService,
    private readonly exports: NationalExportService,
  ) {}

  @Get('figures')
  @Answer('The national figures of a period, for all departments or one: the MMR with its exact Poisson interval, maternal deaths by ICD-MM group and timing, WHO perinatal figures, the caesarean rate and the Robson table; every count with its suppression mark', 'NationalFiguresAnswer', { errors: NOT_HUB })
  @ApiQuery({ name: 'from', schema: MONTH, description: MONTH_DOC })
  @ApiQuery({ name: 'to', schema: MONTH, description: MONTH_DOC })
  @ApiQuery({ name: 'departmentId', schema: DEPARTMENT, required: false })
  national(@Query() query: Record<string, unknown>) {
    return this.figures.figures(query);
  }

  @Get('funnel')
  @Answer("Each department's rate of an indicator against the national rate, with 95% and 99.8% control limits (exact binomial or Poisson)", 'NationalFunnelAnswer', { errors: NOT_HUB })
  @ApiQuery({ name: 'from', schema: MONTH, description: MONTH_DOC })
  @ApiQuery({ name: 'to', schema: MONTH, description: MONTH_DOC })
  @ApiQuery({ name: 'indicator', enum: NATIONAL_FUNNEL_INDICATORS })
  @ApiQuery({ name: 'threshold', enum: ['international', 'national'], required: false })
  funnel(@Query() query: Record<string, unknown>) {
    return this.figures.funnel(query);
  }

  @Get('completeness')
  @Answer('Which departments submitted which months: submitted, late, held or missing', 'NationalCompletenessAnswer', { errors: NOT_HUB })
  @ApiQuery({ name: 'from', schema: MONTH, description: MONTH_DOC })
  @ApiQuery({ name: 'to', schema: MONTH, description: MONTH_DOC })
  completeness(@Query() query: Record<string, unknown>) {
    return this.figures.completeness(query);
  }

  @Get('departments')
  @Answer('The departments the hub knows (an API key or a package), with their counted months and cases', 'NationalDepartmentsAnswer', { errors: NOT_HUB })
  departments() {
    return this.figures.departments();
  }

  @Get('export/:table')
  @AnswerFile('A national table as CSV or XLSX, always with small-cell suppression', EXPORT_TYPES, EXPORT_MAX_BYTES, { errors: NOT_HUB })
  @ApiParam({ name: 'table', enum: NATIONAL_EXPORT_TABLES })
  @ApiQuery({ name: 'from', schema: MONTH, description: MONTH_DOC })
  @ApiQuery({ name: 'to', schema: MONTH, description: MONTH_DOC })
  @ApiQuery({ name: 'format', enum: ['csv', 'xlsx'] })
  @ApiQuery({ name: 'departmentId', schema: DEPARTMENT, required: false })
  @ApiQuery({ name: 'indicator', enum: NATIONAL_FUNNEL_INDICATORS, required: false })
  @ApiQuery({ name: 'threshold', enum: ['international', 'national'], required: false })
  async export(@Param('table') table: string, @Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
    const file = await this.exports.export(table, query);
    await reply
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(file.body);
  }

  @Get('ingest')
  @Answer('Every received package and its ingest into the national facts: state, attempts, the reason a package is held, the facts it put in', 'NationalIngestAnswer', { errors: NOT_HUB })
  ingestList(@Query() query: NationalIngestQueryDto) {
    return this.ingest.list(query);
  }

  @Post('ingest/:packageid/retry')
  @HttpCode(200)
  @Answer('Queues a held package for the national facts again (after the hub is upgraded)', 'NationalIngestRetryAnswer', {
    errors: { 404: 'No such package, or the hub is not enabled on this server', 409: 'The package is ingested, superseded or being ingested' },
  })
  @ApiParam({ name: 'packageid', schema: { type: 'string', format: 'uuid', maxLength: 36 }, description: "The received package's id (NationalIngestItem.packageId)" })
  retry(@Param('packageid', ParseIdPipe) packageId: string) {
    return this.ingest.retry(packageId);
  }
}

/** Where a department stands: the hub answers a department's own key (GET /api/hub/standing). */
@ApiTags('hub')
@Controller('hub')
export class HubStandingController {
  constructor(private readonly standing: NationalStandingService) {}

  @Get('standing')
  @Answer("The department's figures beside the national ones for a period, aggregates only, national counts suppressed; the department's API key is the credential", 'NationalStandingAnswer', {
    errors: { 404: 'The hub is not enabled on this server (HUB_ENABLED)' },
  })
  @ApiHeader({ name: DEPARTMENT_HEADER, required: true, schema: DEPARTMENT })
  @ApiHeader({ name: API_KEY_HEADER, required: true, schema: { type: 'string', maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' } })
  @ApiQuery({ name: 'from', schema: MONTH, description: MONTH_DOC })
  @ApiQuery({ name: 'to', schema: MONTH, description: MONTH_DOC })
  get(
    @Headers(DEPARTMENT_HEADER) departmentId: string | undefined,
    @Headers(API_KEY_HEADER) apiKey: string | undefined,
    @Query() query: Record<string, unknown>,
  ): Promise<NationalStandingAnswer> {
    return this.standing.standing(departmentId, apiKey, query);
  }
}

/** A department's Reports beside the nation: its standing fetched from the society's hub (GET /api/reports/national). */
@ApiTags('reports')
@ApiBearerAuth()
@Controller('reports')
export class NationalComparisonController {
  constructor(private readonly comparison: NationalComparisonService) {}

  @Get('national')
  @Answer("The department's figures beside the national ones for a period, fetched from the society's hub with the department's key, cached and dated; without a configured society it says so", 'NationalComparisonAnswer')
  @ApiQuery({ name: 'from', schema: MONTH, description: MONTH_DOC })
  @ApiQuery({ name: 'to', schema: MONTH, description: MONTH_DOC })
  get(@Query() query: Record<string, unknown>) {
    return this.comparison.comparison(query);
  }
}
