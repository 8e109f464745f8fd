import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiParam, ApiTags } from '@nestjs/swagger';
import type { SubmissionCaseType } from '@pnss/libs/api';
import { SUBMISSION_CASE_TYPES } from '@pnss/libs/enums';
import { PACKAGE_FILE_NAME_PATTERN, PACKAGE_MAX_BYTES, SUBMISSION_ID_PATTERN } from '@pnss/libs/submissions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badField } from '../../common/errors/common.errors.js';
import { PageQueryDto } from '../../common/paging/page-query.dto.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import {
  ApprovalDto, CreatePackageDto, DownloadQueryDto, PackageSearchQueryDto, RebuildPackageDto, SubmitPackageDto, isSubmissionId,
  DownloadTicketQueryDto,
} from './dto/submissions.dto.js';
import { Answer, AnswerFile } from '../../openapi/answer.decorator.js';
import { CensusPackagesService } from './census-packages.service.js';
import { ReviewService } from './review.service.js';
import { textSchemaOf } from '../../openapi/validation-rules.js';


/** A submission id as a path parameter: what isSubmissionId takes. */
const SUBMISSION_ID_SCHEMA = textSchemaOf(SUBMISSION_ID_PATTERN);

function submissionIdParam(value: string): string {
  if (!isSubmissionId(value)) throw badField('submissionid', 'submissionid is not a submission id');
  return value;
}

/** Closed-case review and census packages (SPEC.md §7 "Submissions"). */
@ApiTags('submissions')
@ApiBearerAuth()
@Controller('submissions')
export class SubmissionsController {
  constructor(
    private readonly review: ReviewService,
    private readonly census: CensusPackagesService,
  ) {}

  @Get('cases/closed')
  @Answer('Closed, unarchived cases in no package yet, 100 a page, with every type column', 'ClosedCasesResponse')
  closed(@Query() query: PageQueryDto) {
    return this.review.closedCases(null, query.offset);
  }

  @Get('cases/packaged/:submissionid')
  @Answer("A package's cases: case number, patient, admission and discharge dates", 'PackagedCasesResponse')
  packaged(@Param('submissionid') submissionId: string, @Query() query: PageQueryDto) {
    return this.census.packagedCases(submissionIdParam(submissionId), query.offset);
  }

  @Put('cases/approval')
  @Answer('Approve (approved: true) or withdraw the approval of closed cases; audited per case', 'ApprovalResponse', { errors: { 404: 'A case named does not exist', 409: 'A case is not closed, is already in a package, has a query not closed, or has data-quality warnings and warningsConfirmed is not true: one sentence per case, naming the case and the rule' } })
  approve(@CurrentUser() user: AuthenticatedUser, @Body() body: ApprovalDto) {
    return this.review.setApproval(user, body.caseIds, body.approved, body.warningsConfirmed === true);
  }

  @Post('cases/create')
  @HttpCode(202)
  @Answer('Starts building a census package of approved cases (status building, with progress)', 'CensusPackage', {
    status: 202,
    errors: { 404: 'A case named does not exist', 409: "'Still processing previous package' while a build runs, or a case is not approved" },
  })
  create(@CurrentUser() user: AuthenticatedUser, @Body() body: CreatePackageDto) {
    return this.census.create(user, body.selectedCases);
  }

  @Get('census/packages')
  @Answer('Census packages, newest first, 100 a page', 'CensusPackagesResponse')
  packages(@Query() query: PackageSearchQueryDto) {
    return this.census.listPackages(query.search ?? null, query.offset);
  }

  @Get('census/packages/search')
  @Answer('Census packages whose submission id contains `search`; empty lists them all', 'CensusPackagesResponse')
  search(@Query() query: PackageSearchQueryDto) {
    return this.census.listPackages(query.search ?? null, query.offset);
  }

  @Get('census/packages/:submissionid')
  @Answer('One package, with its build progress and status (what the Census tab polls)', 'CensusPackage')
  package(@Param('submissionid') submissionId: string) {
    return this.census.getPackage(submissionIdParam(submissionId));
  }

  @Post('census/packages/rebuild')
  @HttpCode(202)
  @Answer('Rebuilds a package from its cases: the same bytes when nothing changed, the next version when a case did', 'CensusPackage', {
    status: 202,
    errors: { 404: 'No such package', 409: "'Still processing previous package' while a build runs, the package is being sent, or a case of it is being amended (the words name it)" },
  })
  rebuild(@CurrentUser() user: AuthenticatedUser, @Body() body: RebuildPackageDto) {
    return this.census.rebuild(user, body.submissionid, body.filename);
  }

  @Post('census/packages/submit')
  @HttpCode(200)
  @Answer('Uploads the package to the society (SOCIETY_URL): Sending, then Sent with uploadid, or Failed', 'SubmitPackageResponse', {
    errors: { 409: 'No society address is configured, the package is not built or already being sent, or a case of it is being amended (the words name it)', 502: "The society refused the package or did not answer: the society's words" },
  })
  submit(@CurrentUser() user: AuthenticatedUser, @Body() body: SubmitPackageDto) {
    return this.census.submit(user, body.submissionid);
  }

  @Post('download/:id')
  @HttpCode(200)
  @Answer('A single-use download link for the package file, valid for 60 seconds; open its url in a new window', 'DownloadTicket', {
    errors: { 404: 'No such package, or no such version of it', 409: 'The package is not built' },
  })
  @ApiParam({ name: 'id', description: "The package's submission id", schema: SUBMISSION_ID_SCHEMA })
  downloadTicket(@CurrentUser() user: AuthenticatedUser, @Param('id') submissionId: string, @Query() query: DownloadTicketQueryDto) {
    return this.census.issueDownload(user, submissionIdParam(submissionId), query.version);
  }

  /** Public in the token sense only: the single-use ticket is the credential, and the download is audited. */
  @Get('download/:id')
  @AnswerFile('The package file, for a single-use ticket of POST /api/submissions/download/{id}', ['application/zip'], PACKAGE_MAX_BYTES, {
    errors: { 403: 'The ticket is not valid: unknown, used, expired or for another file', 404: 'No such package file' },
  })
  @ApiParam({ name: 'id', description: 'The package file name', schema: { type: 'string', maxLength: 200, pattern: PACKAGE_FILE_NAME_PATTERN.source } })
  async download(
    @Param('id') fileName: string,
    @Query() query: DownloadQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    if (!PACKAGE_FILE_NAME_PATTERN.test(fileName)) throw badField('filename', 'filename is not a census package file name');
    const file = await this.census.download(fileName, query.ticket, request.ip ?? null);
    void reply.header('Content-Type', 'application/zip');
    void reply.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
    return new StreamableFile(file.bytes);
  }

  @Get(':casetype')
  @Answer('The review list of one case type: maternalfetalcase, gynecase, maternalmortalitycase or gtdcase', 'ClosedCasesResponse')
  @ApiParam({ name: 'casetype', enum: SUBMISSION_CASE_TYPES })
  byType(@Param('casetype') caseType: string, @Query() query: PageQueryDto) {
    if (!(SUBMISSION_CASE_TYPES as readonly string[]).includes(caseType)) {
      throw badField('casetype', `casetype must be one of ${SUBMISSION_CASE_TYPES.join(', ')}`);
    }
    return this.review.closedCases(caseType as SubmissionCaseType, query.offset);
  }
}
