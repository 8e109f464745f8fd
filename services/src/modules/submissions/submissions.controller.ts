import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { SubmissionCaseType } from '@pnss/libs/api';
import { SUBMISSION_CASE_TYPES } from '@pnss/libs/enums';
import { PACKAGE_FILE_NAME_PATTERN } from '@pnss/libs/submissions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badField } from '../../common/errors/common.errors.js';
import { PageQueryDto } from '../../common/paging/page-query.dto.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import {
  ApprovalDto, CreatePackageDto, DownloadQueryDto, PackageSearchQueryDto, RebuildPackageDto, SubmitPackageDto, isSubmissionId,
} from './dto/submissions.dto.js';
import { SubmissionsService } from './submissions.service.js';


function submissionIdParam(value: string): string {
  if (!isSubmissionId(value)) throw badField('submissionid', 'submissionid is not a submission id');
  return value;
}

/** Closed-case review and census packages (SPEC.md §7 "Submissions"). */
@ApiTags('submissions')
@ApiBearerAuth()
@Controller('submissions')
export class SubmissionsController {
  constructor(private readonly submissions: SubmissionsService) {}

  @Get('cases/closed')
  @ApiOperation({ summary: 'Closed, unarchived cases in no package yet, 100 a page, with every type column' })
  closed(@Query() query: PageQueryDto) {
    return this.submissions.closedCases(null, query.offset);
  }

  @Get('cases/packaged/:submissionid')
  @ApiOperation({ summary: "A package's cases: case number, patient, admission and discharge dates" })
  packaged(@Param('submissionid') submissionId: string, @Query() query: PageQueryDto) {
    return this.submissions.packagedCases(submissionIdParam(submissionId), query.offset);
  }

  @Put('cases/approval')
  @ApiOperation({ summary: 'Approve (approved: true) or withdraw the approval of closed cases; audited per case' })
  approve(@CurrentUser() user: AuthenticatedUser, @Body() body: ApprovalDto) {
    return this.submissions.setApproval(user, body.caseIds, body.approved);
  }

  @Post('cases/create')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Starts building a census package of approved cases',
    description: "202 with the package (status building, progress); 409 'Still processing previous package' while a build runs.",
  })
  @ApiAcceptedResponse({ description: 'The package, building' })
  create(@CurrentUser() user: AuthenticatedUser, @Body() body: CreatePackageDto) {
    return this.submissions.create(user, body.selectedCases);
  }

  @Get('census/packages')
  @ApiOperation({ summary: 'Census packages, newest first, 100 a page: { items, count, offset }' })
  packages(@Query() query: PackageSearchQueryDto) {
    return this.submissions.listPackages(query.search ?? null, query.offset);
  }

  @Get('census/packages/search')
  @ApiOperation({ summary: 'Census packages whose submission id contains `search`; empty lists them all' })
  search(@Query() query: PackageSearchQueryDto) {
    return this.submissions.listPackages(query.search ?? null, query.offset);
  }

  @Get('census/packages/:submissionid')
  @ApiOperation({ summary: 'One package, with its build progress and status (what the Census tab polls)' })
  package(@Param('submissionid') submissionId: string) {
    return this.submissions.getPackage(submissionIdParam(submissionId));
  }

  @Post('census/packages/rebuild')
  @HttpCode(202)
  @ApiOperation({
    summary: "Rebuilds a package from its cases: the same bytes when nothing changed, the next version when a case did",
  })
  rebuild(@CurrentUser() user: AuthenticatedUser, @Body() body: RebuildPackageDto) {
    return this.submissions.rebuild(user, body.submissionid, body.filename);
  }

  @Post('census/packages/submit')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Uploads the package to the society (SOCIETY_URL): Sending, then Sent with uploadid, or Failed (502 with the reason)',
  })
  submit(@CurrentUser() user: AuthenticatedUser, @Body() body: SubmitPackageDto) {
    return this.submissions.submit(user, body.submissionid);
  }

  @Post('download/:submissionid')
  @HttpCode(200)
  @ApiOperation({
    summary: 'A single-use download link for the package file, valid for 60 seconds',
    description: 'Open the returned url (GET /api/submissions/download/{fileName}?ticket=...) in a new window: it needs no Authorization header.',
  })
  downloadTicket(@CurrentUser() user: AuthenticatedUser, @Param('submissionid') submissionId: string) {
    return this.submissions.issueDownload(user, submissionIdParam(submissionId));
  }

  /** Public in the token sense only: the single-use ticket is the credential, and the download is audited. */
  @Get('download/:filename')
  @ApiOperation({ summary: 'The package file (application/zip), for a ticket of POST /api/submissions/download/:submissionid' })
  @ApiParam({ name: 'filename' })
  @ApiProduces('application/zip')
  @ApiOkResponse({ description: 'The ZIP' })
  async download(
    @Param('filename') fileName: string,
    @Query() query: DownloadQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    if (!PACKAGE_FILE_NAME_PATTERN.test(fileName)) throw badField('filename', 'filename is not a census package file name');
    const file = await this.submissions.download(fileName, query.ticket, request.ip ?? null);
    void reply.header('Content-Type', 'application/zip');
    void reply.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
    return new StreamableFile(file.bytes);
  }

  @Get(':casetype')
  @ApiOperation({ summary: 'The review list of one case type: maternalfetalcase, gynecase, maternalmortalitycase or gtdcase' })
  @ApiParam({ name: 'casetype', enum: SUBMISSION_CASE_TYPES })
  byType(@Param('casetype') caseType: string, @Query() query: PageQueryDto) {
    if (!(SUBMISSION_CASE_TYPES as readonly string[]).includes(caseType)) {
      throw badField('casetype', `casetype must be one of ${SUBMISSION_CASE_TYPES.join(', ')}`);
    }
    return this.submissions.closedCases(caseType as SubmissionCaseType, query.offset);
  }
}
