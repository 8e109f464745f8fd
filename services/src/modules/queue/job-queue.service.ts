import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { PgBoss, fromPglite, type Job, type Queue, type SendOptions } from 'pg-boss';
import { DatabaseService, QUEUE_SCHEMA } from '../../database/database.service.js';

/** A queue's name, its retry policy and how many jobs one server runs at once. */
export interface QueueDefinition {
  name: string;
  options: Omit<Queue, 'name'>;
  /** Jobs one server process runs at the same time. */
  concurrency: number;
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

/**
 * The durable job queue (issue 29): pg-boss 12 on the application's own database, PostgreSQL or the
 * embedded PGlite that `npm start` uses (pg-boss's `fromPglite` adapter, backend 'pglite'; README
 * "The job queue"). A job survives a restart (it is a row), is retried with backoff, runs once across
 * several server processes (SKIP LOCKED), and its state is a row anyone can read. Started on first
 * use, so a server whose modules queue nothing opens no queue.
 */
@Injectable()
export class JobQueue implements BeforeApplicationShutdown {
  private readonly logger = new Logger('JobQueue');
  private boss: Promise<PgBoss> | null = null;
  private readonly created = new Set<string>();
  private readonly working = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(private readonly database: DatabaseService) {}

  /** The library and schema that run the queue, for an operator's screen. */
  describe(): string {
    return `pg-boss 12 (${this.database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}, schema ${QUEUE_SCHEMA})`;
  }

  private started(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('the job queue is stopped'));
    this.boss ??= this.start().catch((error: unknown) => {
      this.boss = null;
      throw error;
    });
    return this.boss;
  }

  private async start(): Promise<PgBoss> {
    const target = this.database.queueTarget;
    if (!target) throw new Error('this database offers no job queue');
    const common = { schema: QUEUE_SCHEMA, schedule: false, application_name: 'pnss-queue' } as const;
    const boss = target.kind === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(target.client), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: target.url, max: 3, createSchema: !target.ownerMigrates });
    boss.on('error', (error: Error) => this.logger.error(`Job queue: ${error.message}`));
    await boss.start();
    return boss;
  }

  private async queue(definition: QueueDefinition): Promise<PgBoss> {
    const boss = await this.started();
    if (!this.created.has(definition.name)) {
      if (!(await boss.getQueue(definition.name))) await boss.createQueue(definition.name, definition.options);
      this.created.add(definition.name);
    }
    return boss;
  }

  /** Queues a job; its id, or null when the queue's policy kept an equal job already waiting. */
  async send<T extends object>(definition: QueueDefinition, data: T, options: SendOptions = {}): Promise<string | null> {
    return (await this.queue(definition)).send(definition.name, data, options);
  }

  /** Runs `handler` for each job of the queue, `concurrency` at a time in this process; a throw retries the job. */
  async work<T extends object>(definition: QueueDefinition, handler: JobHandler<T>): Promise<void> {
    const boss = await this.queue(definition);
    await boss.work<T>(definition.name, { localConcurrency: definition.concurrency, pollingIntervalSeconds: 1 }, async (jobs) => {
      for (const job of jobs) await handler(job);
    });
  }

  /** `work`, once per queue in this process however often it is asked. */
  workOnce<T extends object>(definition: QueueDefinition, handler: JobHandler<T>): Promise<void> {
    let started = this.working.get(definition.name);
    if (!started) {
      started = this.work(definition, handler).catch((error: unknown) => {
        this.working.delete(definition.name);
        throw error;
      });
      this.working.set(definition.name, started);
    }
    return started;
  }

  /** True when a job of the queue carrying `data` is waiting, being retried or running (a stopped server's included). */
  async unfinished(definition: QueueDefinition, data: object): Promise<boolean> {
    const jobs = await (await this.queue(definition)).findJobs(definition.name, { data });
    return jobs.some((job) => job.state === 'created' || job.state === 'retry' || job.state === 'active');
  }

  /** Stops taking jobs and lets the running ones end (or fail, to be retried by the next start). */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    const boss = this.boss;
    this.boss = null;
    if (!boss) return;
    try {
      await (await boss).stop({ graceful: true, close: true, timeout: 10_000 });
    } catch (error) {
      this.logger.warn(`The job queue stopped with an error: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
