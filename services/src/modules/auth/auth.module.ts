import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DatabaseModule } from '../../database/database.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { AccessGuard } from './access.guard.js';
import { JwtStrategy } from './jwt.strategy.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';
import { TokenService } from './token.service.js';

/**
 * Tokens, sessions and the global AccessGuard. Feature modules need only the decorators.
 * AuditModule provides the AccessRefusalListener that records every 401 and 403.
 */
@Module({
  imports: [
    DatabaseModule,
    AuditModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  providers: [
    SessionsRepository,
    SessionsService,
    TokenService,
    JwtStrategy,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [SessionsService, TokenService],
})
export class AuthModule {}
