import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PageQueryDto } from '../../common/paging/page-query.dto.js';
import { ParseIdPipe } from '../../common/validation/parse-id.pipe.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { API_KEY_HEADER, DEPARTMENT_HEADER, FILE_NAME_HEADER } from '../submissions/society.client.js';
import { HubPackagesQueryDto, IssueHubKeyDto } from './dto/hub.dto.js';
import { HubService } from './hub.service.js';


/** The society's hub (HUB_ENABLED=true): department API keys and received census packages. */
@ApiTags('hub')
@Controller('hub')
export class HubController {
  constructor(private readonly hub: HubService) {}

  /** Public in the token sense only: the department's API key is the credential. */
  @Post('packages')
  @ApiOperation({
    summary: 'Receives a census package from a department',
    description:
      'Body: the ZIP (Content-Type application/zip). 201 with { uploadid } when kept, 200 with the same uploadid when this exact package was received before; ' +
      '401 for a missing, unknown or revoked key; 422 naming the file or field at fault, and nothing is kept.',
  })
  @ApiConsumes('application/zip')
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiHeader({ name: DEPARTMENT_HEADER, required: true })
  @ApiHeader({ name: API_KEY_HEADER, required: true })
  @ApiHeader({ name: FILE_NAME_HEADER, required: false })
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
  @ApiOperation({ summary: 'Received packages by department, newest first, with their verification result' })
  packages(@Query() query: HubPackagesQueryDto) {
    return this.hub.listPackages(query.departmentId ?? null, query.offset);
  }

  @Get('keys')
  @ApiBearerAuth()
  @ApiOperation({ summary: "Departments' API keys (never the key itself)" })
  keys(@Query() _query: PageQueryDto) {
    return this.hub.listKeys();
  }

  @Post('keys')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Issues an API key for a department; the key is in this answer only (stored as a hash)' })
  issue(@CurrentUser() user: AuthenticatedUser, @Body() body: IssueHubKeyDto) {
    return this.hub.issueKey(user, body.departmentId, body.label?.trim() ?? '');
  }

  @Post('keys/:keyid/revoke')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Revokes a key: packages sent with it are refused from now on' })
  revoke(@CurrentUser() user: AuthenticatedUser, @Param('keyid', ParseIdPipe) keyId: string) {
    return this.hub.revokeKey(user, keyId);
  }
}
