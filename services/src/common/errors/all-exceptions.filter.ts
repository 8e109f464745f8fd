import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { toErrorAnswer } from './error-envelope.js';

/** Registered globally: every error leaves the API as `{ statusCode, message, errors? }`. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { envelope, headers } = toErrorAnswer(exception, this.logger);
    if (headers) void reply.headers(headers);
    void reply.status(envelope.statusCode).send(envelope);
  }
}
