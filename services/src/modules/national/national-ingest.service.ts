import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job } from 'pg-boss';
import type { IngestState, NationalIngestAnswer, NationalIngestItem, NationalIngestQuery, NationalIngestRetryAnswer } from '@pnss/libs/api';
import { INGEST_STATES } from '@pnss/libs/api';
import { NATIONAL_FACTS_DERIVATION, type NationalFactsSet, deriveNationalFacts } from '@pnss/libs/reports';
import { DATA_DICTIONARY_VERSION, type PackagedCase } from '@pnss/libs/submissions';
import { pageWindow } from '../../common/paging/page-query.dto.js';
import { APP_CONFIG, type AppConfig, censusConfigOf } from '../../config/app-config.js';
import { DatabaseService, type Executor } from '../../database/database.service.js';
import { type StoredCase, storedCasesOf } from '../../common/packages/stored-cases.js';
import { JobQueue, type QueueDefinition } from '../queue/job-queue.service.js';
import { type IngestPackage, NationalIngestRepository } from './national-ingest.repository.js';
import { NationalErrorCode, nationalError } from './national.errors.js';

/**
 * The national ingest queue: one job per received package. Retried with backoff (5 s, doubling, at
 * most 5 minutes, 5 times); a job whose server stopped is taken up again once its heartbeat (30 s)
 * lapses; one job at a time per server, any number of servers.
 */
export const NATIONAL_INGEST_QUEUE: QueueDefinition = {
  name: 'national-ingest',
  options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 600, heartbeatSeconds: 30 },
  concurrency: 1,
};

/** The data dictionaries whose packages this hub turns into national facts. */
export const NATIONAL_READABLE_DICTIONARIES: readonly string[] = [DATA_DICTIONARY_VERSION];

interface IngestJob {
  packageId: string;
}

/** A package that verifies but cannot be ingested: held with its reason, nothing of it counted. */
class HeldPackage extends Error {}

/**
 * Turns every package the hub accepted into national facts (issue 29), in a durable background job:
 * the upload answers once the package is verified and stored, and its ingest is owed from the same
 * transaction (`record`). A later version of a submission replaces its facts in one transaction; the
 * same package twice changes nothing.
 */
@Injectable()
export class NationalIngestService implements OnApplicationBootstrap {
  private readonly logger = new Logger('NationalIngest');

  constructor(
    private readonly repository: NationalIngestRepository,
    private readonly database: DatabaseService,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get enabled(): boolean {
    return censusConfigOf(this.config).hubEnabled;
  }

  /** On the hub: work the queue, and queue every ingest owed (packages received before, ingests a stop cut off). */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.enabled) return;
    await this.queue.work<IngestJob>(NATIONAL_INGEST_QUEUE, (job) => this.run(job));
    const recorded = await this.repository.recordMissing();
    if (recorded > 0) this.logger.log(`${recorded} received package(s) queued for the national facts`);
    for (const id of await this.repository.owed()) await this.send(id);
  }

  /** The ingest owed for a package made received in `tx`; `send` it once `tx` has committed. */
  async record(tx: Executor, pkg: Pick<IngestPackage, 'id' | 'departmentId' | 'submissionId' | 'version'>): Promise<void> {
    await this.repository.record(tx, pkg);
  }

  async send(packageId: string): Promise<void> {
    await this.queue.send<IngestJob>(NATIONAL_INGEST_QUEUE, { packageId });
  }

  private async run(job: Job<IngestJob>): Promise<void> {
    const id = job.data.packageId;
    try {
      await this.ingest(id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = job.retryCount >= (NATIONAL_INGEST_QUEUE.options.retryLimit ?? 0);
      await this.repository.setState(id, last
        ? { state: 'held', reason: `The ingest failed ${job.retryCount + 1} times; the last error: ${message}. Retry it once the cause is fixed.` }
        : { state: 'retrying', reason: `The ingest failed and will be tried again: ${message}` });
      this.logger.warn(`The national ingest of package ${id} failed (attempt ${job.retryCount + 1}): ${message}`);
      throw error;
    }
  }

  /**
   * Ingests one package: derives its cases' facts (libs deriveNationalFacts) and replaces its
   * submission's facts with them in one transaction. What it cannot read is held with the reason.
   */
  async ingest(id: string): Promise<IngestState> {
    const pkg = await this.repository.packageOf(id);
    if (!pkg) return 'superseded';
    if (pkg.supersededAt) {
      // A later version replaced it at the hub, which removed its cases there (issue 30): it counts nothing.
      await this.repository.finish(this.database.db, id, { state: 'superseded', reason: `A later version of ${pkg.submissionId} is counted`, factCases: 0, factInfants: 0 });
      return 'superseded';
    }
    await this.repository.begin(id);
    let facts: NationalFactsSet[];
    try {
      facts = await this.derive(pkg, await this.casesOf(id));
    } catch (error) {
      if (!(error instanceof HeldPackage)) throw error;
      await this.repository.finish(this.database.db, id, { state: 'held', reason: error.message, factCases: 0, factInfants: 0 });
      this.logger.warn(`Package ${id} is held: ${error.message}`);
      return 'held';
    }
    const infants = facts.reduce((sum, f) => sum + f.infants.length, 0);
    return this.database.transaction(async (tx) => {
      const outcome = await this.repository.replaceSubmission(tx, pkg, NATIONAL_FACTS_DERIVATION, facts);
      const state: IngestState = outcome === 'superseded' ? 'superseded' : 'ingested';
      await this.repository.finish(tx, id, state === 'ingested'
        ? { state, reason: null, factCases: facts.length, factInfants: infants }
        : { state, reason: `A later version of ${pkg.submissionId} is counted`, factCases: 0, factInfants: 0 });
      return state;
    });
  }

  /**
   * The package's cases, from the file the hub keeps (hub_packages.content; common/packages/stored-cases.ts): checked
   * against the SHA-256 it had when it was received, so a damaged file is held, never half read.
   */
  private async casesOf(id: string): Promise<StoredCase[]> {
    const file = await this.repository.fileOf(id);
    if (!file) throw new HeldPackage('The hub holds no file of this package.');
    if (createHash('sha256').update(file.content).digest('hex') !== file.sha256) {
      throw new HeldPackage('The file the hub keeps no longer matches the SHA-256 it had when it was received.');
    }
    try {
      return await storedCasesOf(file.content);
    } catch (error) {
      throw new HeldPackage(`The package's cases cannot be read from its file: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The facts of every case, a few hundred at a time so the server keeps answering meanwhile. */
  private async derive(pkg: IngestPackage, cases: readonly StoredCase[]): Promise<NationalFactsSet[]> {
    if (!NATIONAL_READABLE_DICTIONARIES.includes(pkg.dataDictionaryVersion)) {
      throw new HeldPackage(
        `The package follows data dictionary ${pkg.dataDictionaryVersion}; this hub reads ${NATIONAL_READABLE_DICTIONARIES.join(', ')}. ` +
          'Upgrade the hub, then ingest it again.',
      );
    }
    if (cases.length !== pkg.numOfCases) {
      throw new HeldPackage(`The manifest lists ${pkg.numOfCases} cases and its cases.json holds ${cases.length}.`);
    }
    const seen = new Set<string>();
    const facts: NationalFactsSet[] = [];
    for (const [index, data] of cases.entries()) {
      if (index % 250 === 249) await new Promise((resolve) => setImmediate(resolve));
      const packaged = data as unknown as PackagedCase;
      const key = `${packaged.patientKey}/${packaged.caseId}`;
      if (seen.has(key)) throw new HeldPackage(`Case ${packaged.caseId} is in the package twice.`);
      seen.add(key);
      try {
        facts.push(deriveNationalFacts(packaged));
      } catch (error) {
        throw new HeldPackage(`Case ${index + 1} (${packaged.caseId}) cannot be read into the national tables: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return facts;
  }

  async list(query: NationalIngestQuery): Promise<NationalIngestAnswer> {
    if (!this.enabled) throw nationalError(NationalErrorCode.NotEnabled);
    const { page, limit, skip } = pageWindow(query.offset);
    const { rows, count, states } = await this.repository.page({ state: query.state, departmentId: query.departmentId }, limit, skip);
    const totals = Object.fromEntries(INGEST_STATES.map((s) => [s, 0])) as Record<IngestState, number>;
    for (const s of states) totals[s.state] = s.n;
    const items: NationalIngestItem[] = rows.map(({ ingest, numOfCases, dataDictionaryVersion, receivedAt }) => ({
      packageId: ingest.hubPackageId, departmentId: ingest.departmentId, submissionId: ingest.submissionId, version: ingest.version,
      numOfCases, dataDictionaryVersion, receivedAt: receivedAt.toISOString(), state: ingest.state, attempts: ingest.attempts,
      reason: ingest.reason, ingestedAt: ingest.ingestedAt?.toISOString() ?? null, factCases: ingest.factCases, factInfants: ingest.factInfants,
    }));
    return { items, count, offset: page, totals, queue: this.queue.describe() };
  }

  /** A held package, queued again (once the hub is upgraded, or the cause fixed). */
  async retry(packageId: string): Promise<NationalIngestRetryAnswer> {
    if (!this.enabled) throw nationalError(NationalErrorCode.NotEnabled);
    const existing = await this.repository.find(packageId);
    if (!existing) throw nationalError(NationalErrorCode.PackageNotFound);
    if (existing.state === 'ingested' || existing.state === 'superseded' || existing.state === 'active') {
      throw nationalError(NationalErrorCode.NotRetryable, [{ field: 'packageid', message: `the package is ${existing.state}: only a held or waiting package is queued again` }]);
    }
    await this.repository.requeue(packageId);
    await this.send(packageId);
    return { packageId, state: 'queued', message: 'The package is queued for the national facts again' };
  }
}
