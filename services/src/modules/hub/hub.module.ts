import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { DatabaseModule } from '../../database/database.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { NationalModule } from '../national/national.module.js';
import { PACKAGE_MAX_BYTES } from '@pnss/libs/submissions';
import { HubController } from './hub.controller.js';
import { HubRepository } from './hub.repository.js';
import { HubService } from './hub.service.js';

/** A census package is a few MB at most; this leaves room for a large department's year. */
const PACKAGE_BODY_LIMIT = PACKAGE_MAX_BYTES;

/** The society's hub: turned on by HUB_ENABLED, refused with a 404 otherwise. */
@Module({
  imports: [DatabaseModule, AuditModule, NationalModule],
  controllers: [HubController],
  providers: [HubRepository, HubService],
})
export class HubModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /** Packages arrive as raw ZIP bytes, which Fastify does not parse by default. */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || fastify.hasContentTypeParser('application/zip')) return;
    fastify.addContentTypeParser('application/zip', { parseAs: 'buffer', bodyLimit: PACKAGE_BODY_LIMIT }, (_request, body, done) => {
      done(null, body);
    });
  }
}
