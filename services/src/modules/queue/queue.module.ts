import { Global, Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { JobQueue } from './job-queue.service.js';

/** The durable job queue (pg-boss), one per server process, for every module that queues work. */
@Global()
@Module({
  imports: [DatabaseModule],
  providers: [JobQueue],
  exports: [JobQueue],
})
export class QueueModule {}
