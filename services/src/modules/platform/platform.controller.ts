import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PlatformService } from './platform.service.js';
import { Answer } from '../../openapi/answer.decorator.js';

@ApiTags('platform')
@Controller()
export class PlatformController {
  constructor(private readonly platform: PlatformService) {}

  /** `{ currVersion, siteVersion, updateUrl }`; public, so the login page can show it. */
  @Get('checkupdate')
  @Answer("The running version and the society's site version, for the update notice", 'CheckUpdateResponse')
  checkUpdate() {
    return this.platform.checkUpdate();
  }

  /** 200 when the service and its database answer, 503 otherwise (for load balancers). */
  @Get('health')
  @Answer('200 when the service and its database answer, 503 otherwise (for load balancers)', 'HealthResponse')
  health() {
    return this.platform.health();
  }
}
