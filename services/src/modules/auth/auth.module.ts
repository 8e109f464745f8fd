import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { JwtStrategy } from './jwt.strategy.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';
import { TokenService } from './token.service.js';

/**
 * Tokens, sessions and the caller's authentication (JwtStrategy). Feature modules need only the
 * decorators. The global AccessGuard is registered by AppModule, which also imports AuditModule for
 * the AccessRefusalListener that records every 401 and 403: auth, the lowest layer, imports no feature.
 */
@Module({
  imports: [DatabaseModule],
  providers: [
    SessionsRepository,
    SessionsService,
    TokenService,
    JwtStrategy,
  ],
  exports: [JwtStrategy, SessionsService, TokenService],
})
export class AuthModule {}
