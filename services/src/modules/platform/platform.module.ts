import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { PlatformController } from './platform.controller.js';
import { PlatformService } from './platform.service.js';
import { SiteVersionClient } from './site-version.client.js';

@Module({
  imports: [DatabaseModule],
  controllers: [PlatformController],
  providers: [PlatformService, SiteVersionClient],
})
export class PlatformModule {}
