import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { AccountsModule } from './modules/accounts/accounts.module.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { AccessGuard } from './modules/auth/access.guard.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { CasesModule } from './modules/cases/cases.module.js';
import { CategoriesModule } from './modules/categories/categories.module.js';
import { HubModule } from './modules/hub/hub.module.js';
import { NationalModule } from './modules/national/national.module.js';
import { QueueModule } from './modules/queue/queue.module.js';
import { PatientsModule } from './modules/patients/patients.module.js';
import { PlatformModule } from './modules/platform/platform.module.js';
import { RolesModule } from './modules/roles/roles.module.js';
import { SeedModule } from './modules/seed/seed.module.js';
import { SubmissionsModule } from './modules/submissions/submissions.module.js';
import { ReportsModule } from './modules/reports/reports.module.js';

/** A new feature module is added to FEATURE_MODULES (see services/README.md). */
const FEATURE_MODULES = [AccountsModule, RolesModule, AuditModule, CategoriesModule, PlatformModule, PatientsModule, CasesModule, ReportsModule, SubmissionsModule, HubModule, NationalModule];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule, QueueModule, AuthModule, ...FEATURE_MODULES, SeedModule],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        // The guard of every route: JwtStrategy from AuthModule, the refusal listener from AuditModule.
        { provide: APP_GUARD, useClass: AccessGuard },
      ],
    };
  }
}
