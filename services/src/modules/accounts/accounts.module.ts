import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { RolesModule } from '../roles/roles.module.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsRepository } from './accounts.repository.js';
import { AccountsService } from './accounts.service.js';
import { PasswordHasher } from './password-hasher.js';
import { SignInAttemptsRepository } from './sign-in-attempts.repository.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { SignInService } from './sign-in.service.js';

@Module({
  imports: [DatabaseModule, AuditModule, AuthModule, RolesModule],
  controllers: [AccountsController],
  providers: [AccountsRepository, AccountsService, SignInService, SignInThrottle, SignInAttemptsRepository, PasswordHasher],
  exports: [AccountsService],
})
export class AccountsModule {}
