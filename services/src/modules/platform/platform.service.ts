import { Inject, Injectable } from '@nestjs/common';
import type { CheckUpdateResponse, HealthResponse } from '@pnss/libs/api';
import { CommonErrorCode, commonError } from '../../common/errors/common.errors.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DatabaseService } from '../../database/database.service.js';
import { SiteVersionClient } from './site-version.client.js';


@Injectable()
export class PlatformService {
  constructor(
    private readonly database: DatabaseService,
    private readonly siteVersion: SiteVersionClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The client flags an update when currVersion is lower than siteVersion. */
  async checkUpdate(): Promise<CheckUpdateResponse> {
    const answer: CheckUpdateResponse = {
      currVersion: this.config.appVersion,
      siteVersion: await this.siteVersion.current(),
    };
    if (this.config.updateUrl) answer.updateUrl = this.config.updateUrl;
    return answer;
  }

  async health(): Promise<HealthResponse> {
    if (!(await this.database.ping())) throw commonError(CommonErrorCode.DatabaseUnavailable);
    return { status: 'ok', database: 'ok', version: this.config.appVersion };
  }
}
