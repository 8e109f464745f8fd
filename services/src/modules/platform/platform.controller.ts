import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PlatformService } from './platform.service.js';

@ApiTags('platform')
@Controller()
export class PlatformController {
  constructor(private readonly platform: PlatformService) {}

  /** `{ currVersion, siteVersion, updateUrl }`; public, so the login page can show it. */
  @Get('checkupdate')
  checkUpdate() {
    return this.platform.checkUpdate();
  }

  /** 200 when the service and its database answer, 503 otherwise (for load balancers). */
  @Get('health')
  health() {
    return this.platform.health();
  }
}
