import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiHeader, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PageQueryDto } from '../../common/paging/page-query.dto.js';
import { ParseIdPipe } from '../../common/validation/parse-id.pipe.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { HubPackagesQueryDto, IssueHubKeyDto } from './dto/hub.dto.js';
import { HubService } from './hub.service.js';
import {
  API_KEY_HEADER, DEPARTMENT_HEADER, DEPARTMENT_ID_PATTERN, FILE_NAME_HEADER, PACKAGE_FILE_NAME_PATTERN, PACKAGE_MAX_BYTES,
} from '@pnss/libs/submissions';
import { Answer, AnswerFile } from '../../openapi/answer.decorator.js';
import { textSchemaOf } from '../../openapi/validation-rules.js';


/** The society's hub (HUB_ENABLED=true): department API keys and received census packages. */
@ApiTags('hub')
@Controller('hub')
export class HubController {
  constructor(private readonly hub: HubService) {}

  /** Public in the token sense only: the department's API key is the credential. */
  @Post('packages')
  @Answer('Receives a census package (the ZIP) from a department: 201 when kept, 200 with the same uploadid when received before', 'HubReceipt', {
    status: 201,
    errors: {
      404: 'The hub is not enabled on this server (HUB_ENABLED)',
      409: 'This submission id and version were received with other content, or are being received just now',
      413: 'The package is larger than 64 MB, or declares or inflates beyond 1 GiB (the limit is named)',
      415: 'The body is not application/zip',
      422: 'The package is not valid: an entry that is not one of its files, a ZIP bomb, a file or field at fault is named, and nothing is kept',
    },
  })
  @ApiResponse({ status: 200, description: 'This exact package was received before', schema: { $ref: '#/components/schemas/HubReceipt' } })
  @ApiConsumes('application/zip')
  @ApiBody({ schema: { type: 'string', format: 'binary', maxLength: PACKAGE_MAX_BYTES } })
  @ApiHeader({ name: DEPARTMENT_HEADER, required: true, schema: textSchemaOf(DEPARTMENT_ID_PATTERN) })
  @ApiHeader({ name: API_KEY_HEADER, required: true, schema: { type: 'string', maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' } })
  @ApiHeader({ name: FILE_NAME_HEADER, required: false, schema: { type: 'string', maxLength: 200, pattern: PACKAGE_FILE_NAME_PATTERN.source } })
  async receive(
    @Headers(DEPARTMENT_HEADER) departmentId: string | undefined,
    @Headers(API_KEY_HEADER) apiKey: string | undefined,
    @Headers(FILE_NAME_HEADER) fileName: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { receipt, created } = await this.hub.receive({ departmentId, apiKey, fileName, body: request.body, ip: request.ip ?? null });
    void reply.status(created ? 201 : 200);
    return receipt;
  }

  @Get('packages')
  @ApiBearerAuth()
  @Answer('Received packages by department, newest first, with their verification result', 'HubPackagesResponse', { errors: { 404: 'The hub is not enabled on this server (HUB_ENABLED)' } })
  packages(@Query() query: HubPackagesQueryDto) {
    return this.hub.listPackages(query.departmentId ?? null, query.offset);
  }

  /** The society's staff open what a department sent: the file as received, its download audited. */
  @Get('packages/:packageid/file')
  @ApiBearerAuth()
  @AnswerFile('A received package file, byte for byte as the department sent it (its SHA-256 is in the list); the download is audited', ['application/zip'], PACKAGE_MAX_BYTES, {
    errors: { 404: 'No such received package, or the hub is not enabled on this server (HUB_ENABLED)' },
  })
  @ApiParam({ name: 'packageid', description: "The received package's _id in GET /api/hub/packages", schema: { type: 'string', format: 'uuid', maxLength: 36 } })
  async packageFile(
    @CurrentUser() user: AuthenticatedUser,
    @Param('packageid', ParseIdPipe) packageId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const file = await this.hub.downloadPackage(user, packageId);
    void reply.header('Content-Type', 'application/zip');
    // The name came with the upload: only its plain characters go into the header.
    void reply.header('Content-Disposition', `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9_.-]/g, '_')}"`);
    return new StreamableFile(file.bytes);
  }

  @Get('keys')
  @ApiBearerAuth()
  @Answer("Departments' API keys (never the key itself)", 'HubApiKeyList', { errors: { 404: 'The hub is not enabled on this server (HUB_ENABLED)' } })
  keys(@Query() _query: PageQueryDto) {
    return this.hub.listKeys();
  }

  @Post('keys')
  @ApiBearerAuth()
  @Answer('Issues an API key for a department; the key is in this answer only (stored as a hash)', 'IssuedHubKey', { status: 201, errors: { 404: 'The hub is not enabled on this server (HUB_ENABLED)' } })
  issue(@CurrentUser() user: AuthenticatedUser, @Body() body: IssueHubKeyDto) {
    return this.hub.issueKey(user, body.departmentId, body.label?.trim() ?? '');
  }

  @Post('keys/:keyid/revoke')
  @HttpCode(200)
  @ApiBearerAuth()
  @Answer('Revokes a key: packages sent with it are refused from now on', 'HubApiKey', { errors: { 404: 'No such key, or the hub is not enabled on this server (HUB_ENABLED)' } })
  revoke(@CurrentUser() user: AuthenticatedUser, @Param('keyid', ParseIdPipe) keyId: string) {
    return this.hub.revokeKey(user, keyId);
  }
}
