import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job } from 'pg-boss';
import { packageFileName, packageRefusal } from '@pnss/libs/submissions';
import { APP_CONFIG, type AppConfig, censusConfigOf } from '../../config/app-config.js';
import { DatabaseService, type Executor } from '../../database/database.service.js';
import { type AuditActor, AuditService, SYSTEM_ACTOR } from '../audit/audit.service.js';
import { toCaseForm } from '../../common/records/case-record.js';
import { type BuiltPackage, buildPackageFile, packagedCases } from './package-file.js';
import { PackageStore } from './package-store.js';
import { JobQueue, type QueueDefinition } from '../queue/job-queue.service.js';
import { SocietyClient } from './society.client.js';
import { type PackageRow, SubmissionsRepository, type VersionChanges } from './submissions.repository.js';

/** A build writes its heartbeat at least this often; one silent for six times as long was cut off. */
const HEARTBEAT_MS = 5_000;
const STALE_BUILD_MS = 30_000;
const BUILD_CUT_OFF = 'The server stopped while this package was being built; its cases were left unpackaged. Create the package again.';

/**
 * The builds and the sends cut off by a stop run on the durable job queue (issue 29): a build is a
 * job from the start, so a server stopped during it takes it up again at its next start (or another
 * server once its heartbeat lapses), and a send a stop cut off is sent again, with backoff.
 */
export const PACKAGE_BUILD_QUEUE: QueueDefinition = {
  name: 'package-build',
  options: { retryLimit: 3, retryDelay: 2, retryBackoff: true, retryDelayMax: 120, expireInSeconds: 900, heartbeatSeconds: 30 },
  concurrency: 2,
};
export const PACKAGE_SEND_QUEUE: QueueDefinition = {
  name: 'package-send',
  options: { retryLimit: 5, retryDelay: 10, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 300, heartbeatSeconds: 30, policy: 'stately' },
  concurrency: 1,
};

interface BuildJobData {
  packageId: string;
  mode: BuildMode;
  actor: AuditActor;
}

interface SendJobData {
  packageId: string;
}

/** The server is stopping: the build's job ends unfinished, to be taken up again. */
class Stopping extends Error {}

/** create: the first build, which marks the cases Submitted; rebuild: the same cases read again. */
export type BuildMode = 'create' | 'rebuild';

/** A build that cannot finish because a case or the package changed under it: its message is the census officer's. */
class BuildConflict extends Error {}

type CaseRead = Awaited<ReturnType<SubmissionsRepository['packageCaseRows']>>[number];

interface BuiltVersion {
  version: number;
  createdAt: Date;
  fileName: string;
  file: BuiltPackage;
  /** A rebuild whose bytes are the package's own: nothing new to record. */
  unchanged: boolean;
}

/**
 * The background build of a census package (ARCHITECTURE.md "Census packages"): it reads the cases,
 * makes the file, stores it, and records the result in one transaction that also marks the cases
 * Submitted, so a build cut off leaves no case half-marked. Progress and a heartbeat are written as
 * it goes; builds and sends no process finishes any more are failed at start-up and on the next request.
 */
@Injectable()
export class PackageBuildJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Submissions');
  private stopping = false;

  constructor(
    private readonly repository: SubmissionsRepository,
    private readonly database: DatabaseService,
    private readonly audit: AuditService,
    private readonly store: PackageStore,
    private readonly queue: JobQueue,
    private readonly society: SocietyClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get census() {
    return censusConfigOf(this.config);
  }

  /** The files a stopped build left are removed, then the builds and sends a stop cut off are taken up again. */
  async onApplicationBootstrap(): Promise<void> {
    const removed = await this.store.removeUnowned(await this.repository.ownedFileNames());
    if (removed > 0) this.logger.warn(`Removed ${removed} package file(s) that no package owns (left by a stopped build)`);
    await this.recoverStale(true);
  }

  /** A build under way ends unfinished and its job is taken up again at the next start. */
  beforeApplicationShutdown(): void {
    this.stopping = true;
  }

  private buildWorker(): Promise<void> {
    return this.queue.workOnce<BuildJobData>(PACKAGE_BUILD_QUEUE, (job) => this.run(job.data.packageId, job.data.actor, job.data.mode, job));
  }

  private sendWorker(): Promise<void> {
    return this.queue.workOnce<SendJobData>(PACKAGE_SEND_QUEUE, (job) => this.resend(job));
  }

  /** Queues the build of a package whose row already says building; it runs once the request has answered. */
  async start(packageId: string, actor: AuditActor, mode: BuildMode): Promise<void> {
    await this.buildWorker();
    await this.queue.send<BuildJobData>(PACKAGE_BUILD_QUEUE, { packageId, mode, actor: { id: actor.id, username: actor.username, ip: actor.ip ?? null } });
  }

  /**
   * Builds and sends no process is finishing: a build whose job is still on the queue is left to it
   * (it runs again once the stopped server's heartbeat lapses); one without is queued again; a send a
   * stop cut off is sent again. At start-up on the embedded database (one process) that is every build
   * and send; later, those whose heartbeat stopped.
   */
  async recoverStale(atStartUp: boolean): Promise<void> {
    const sole = atStartUp && this.database.kind === 'pglite';
    const stale = await this.repository.staleBuilds(sole ? null : new Date(Date.now() - STALE_BUILD_MS));
    for (const pkg of stale) {
      await this.buildWorker();
      if (await this.queue.unfinished(PACKAGE_BUILD_QUEUE, { packageId: pkg.id })) continue;
      this.logger.warn(`The build of ${pkg.submissionId} was cut off by a stop: it is queued again`);
      await this.queue.send<BuildJobData>(PACKAGE_BUILD_QUEUE, { packageId: pkg.id, mode: pkg.status === 'building' ? 'create' : 'rebuild', actor: SYSTEM_ACTOR });
    }
    const timeout = this.census.societyTimeoutMs + HEARTBEAT_MS;
    for (const pkg of await this.repository.sendingPackages()) {
      if (!sole && pkg.updatedAt.getTime() > Date.now() - timeout) continue;
      await this.sendWorker();
      await this.queue.send<SendJobData>(PACKAGE_SEND_QUEUE, { packageId: pkg.id }, { singletonKey: pkg.id });
    }
  }

  /**
   * Sends again a package a stop left Sending: the hub answers the same package with the same upload
   * id, so a send that had reached it is not counted twice. A refusal, or the society unreachable after
   * every retry, makes it Failed with the reason; before that it stays Sending.
   */
  private async resend(job: Job<SendJobData>): Promise<void> {
    const pkg = await this.repository.findPackageById(job.data.packageId);
    if (!pkg || pkg.status !== 'Sending') return;
    const bytes = pkg.fileName ? await this.store.read(pkg.fileName) : null;
    const result = !bytes || !pkg.fileName
      ? { ok: false as const, message: 'The package file is missing: rebuild the package' }
      : await this.society.upload(pkg.fileName, bytes);
    const unreachable = !result.ok && /could not be reached|did not answer/.test(result.message);
    const last = job.retryCount >= (PACKAGE_SEND_QUEUE.options.retryLimit ?? 0);
    if (unreachable && !last) throw new Error(result.message);
    await this.database.transaction(async (tx) => {
      const set = result.ok
        ? { status: 'Sent', uploadId: result.uploadId, sentAt: new Date(), lastError: null }
        : { status: 'Failed', lastError: result.message };
      const row = await this.repository.updatePackage(tx, pkg.id, set, 'sending');
      if (!row) return;
      await this.audit.record(tx, {
        actor: SYSTEM_ACTOR, entity: 'package', entityId: pkg.submissionId, action: result.ok ? 'sent' : 'submit_failed',
        changes: [
          { field: 'status', old: 'Sending', new: set.status },
          result.ok ? { field: 'uploadId', old: pkg.uploadId, new: result.uploadId } : { field: 'lastError', old: null, new: result.message },
          { field: 'version', old: null, new: pkg.version },
        ],
      });
    });
  }

  private async run(packageId: string, actor: AuditActor, mode: BuildMode, job: Job<BuildJobData>): Promise<void> {
    const pkg = await this.repository.findPackageById(packageId);
    if (!pkg || !pkg.building) return;
    try {
      if (this.stopping) throw new Stopping('The server is stopping');
      const progress = this.progressOf(pkg);
      const cases = await this.readCases(pkg, mode, progress);
      await progress(70);
      const built = this.buildVersion(pkg, mode, cases);
      await progress(85);
      await this.store.write(built.fileName, built.file.bytes);
      await progress(95);
      await this.complete(pkg, mode, cases, built, actor);
    } catch (error) {
      // Stopped under way: the job ends unfinished and is taken up again (the package stays building).
      if (error instanceof Stopping && job.retryCount < (PACKAGE_BUILD_QUEUE.options.retryLimit ?? 0)) throw error;
      const conflict = error instanceof BuildConflict;
      const message = conflict ? error.message : `The package could not be built: ${error instanceof Error ? error.message : String(error)}`;
      if (!conflict) this.logger.error(`Build of ${pkg.submissionId}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      await this.fail(pkg, mode, message, actor).catch((failure: unknown) => this.logger.error(`Recording the failed build: ${String(failure)}`));
    }
  }

  /** Writes the progress and the heartbeat (at most every 200 ms), and stops the build when the server stops. */
  private progressOf(pkg: PackageRow): (value: number) => Promise<void> {
    let lastBeat = Date.now();
    return async (value: number) => {
      if (this.stopping) throw new Stopping('The server is stopping');
      if (Date.now() - lastBeat < 200 && value < 100) return;
      lastBeat = Date.now();
      await this.repository.updatePackage(this.database.db, pkg.id, { progress: value, heartbeatAt: new Date() }, 'building');
    };
  }

  /** The package's cases in a fixed order; the first build checks each is still one it may package. */
  private async readCases(pkg: PackageRow, mode: BuildMode, progress: (value: number) => Promise<void>): Promise<CaseRead[]> {
    const cases = await this.repository.packageCaseRows(pkg.id);
    await progress(10);
    for (const [index, { row }] of cases.entries()) {
      const refusal = mode === 'create' ? packageRefusal(packagingFacts(row, pkg)) : null;
      if (refusal) throw new BuildConflict(`Case ${row.caseNum} ${refusal}`);
      if (index % 50 === 49) await progress(10 + Math.round((60 * index) / cases.length));
    }
    return cases;
  }

  /**
   * The file at the package's own version and creation time: a rebuild that gives the same bytes
   * keeps the version; one that differs becomes the next version, created now.
   */
  private buildVersion(pkg: PackageRow, mode: BuildMode, reads: CaseRead[]): BuiltVersion {
    const forms = reads.map(({ row }) => ({ ...toCaseForm(row), submissionId: null }));
    const cases = packagedCases(this.census.packageSecret, forms, { freeText: this.census.packageFreeText });
    const identity = { submissionId: pkg.submissionId, departmentId: pkg.departmentId };
    const at = (version: number, createdAt: Date): BuiltVersion => ({
      version, createdAt, fileName: packageFileName(pkg.departmentId, pkg.submissionId, version),
      file: buildPackageFile({ ...identity, version, createdAt: createdAt.toISOString() }, cases), unchanged: false,
    });
    if (mode === 'create') return at(1, new Date());
    const same = at(pkg.version, pkg.builtAt ?? new Date());
    return same.file.sha256 === pkg.sha256 ? { ...same, unchanged: true } : at(pkg.version + 1, new Date());
  }

  /**
   * One transaction: every case still as it was read, the package's new state, the cases marked
   * Submitted on the first build, the versions the package carries, and the audit rows.
   */
  private async complete(pkg: PackageRow, mode: BuildMode, reads: CaseRead[], built: BuiltVersion, actor: AuditActor): Promise<void> {
    await this.database.transaction(async (tx) => {
      const ids = reads.map((r) => r.row.id);
      for (const current of await this.repository.lockCases(tx, ids)) {
        const read = reads.find((r) => r.row.id === current.id);
        if (!read || read.row.version !== current.version || packageRefusal(packagingFacts(current, pkg))) {
          throw new BuildConflict(`Case ${current.caseNum} changed while the package was being built`);
        }
      }
      const { file, version } = built;
      const done = await this.repository.updatePackage(
        tx, pkg.id,
        {
          building: false, progress: 100, heartbeatAt: null, lastError: null,
          ...(built.unchanged
            ? {}
            : {
                status: 'pending', version, fileName: built.fileName, sha256: file.sha256, size: file.bytes.byteLength, builtAt: built.createdAt,
                builtBy: actor.id, builtByUsername: actor.username, uploadId: null, sentAt: null, numOfCases: reads.length,
              }),
        },
        'building',
      );
      if (!done) throw new BuildConflict(BUILD_CUT_OFF);
      const changes = built.unchanged ? null : await this.versionChanges(tx, pkg, mode, reads);
      if (changes) {
        // Issue 30: every version is kept and listed; the earlier ones are superseded, their files kept.
        await this.repository.recordVersion(tx, {
          packageId: pkg.id, version, fileName: built.fileName, sha256: file.sha256, size: file.bytes.byteLength, builtAt: built.createdAt,
          builtByUsername: actor.username, changes,
        });
        await this.repository.stampAmendments(tx, pkg.id, version);
      }
      if (mode === 'create') {
        await this.repository.markSubmitted(tx, ids, pkg.submissionId);
        for (const id of ids) {
          await this.audit.record(tx, {
            actor, entity: 'case', entityId: id, action: 'package', changes: [{ field: 'submissionId', old: null, new: pkg.submissionId }],
          });
        }
      }
      // The cases read at another version than the one the package carried: what a rebuild says changed.
      const changedCases = reads.filter((r) => r.version !== null && r.version !== r.row.version).map((r) => r.row.caseNum).sort();
      await this.repository.setCaseVersions(tx, pkg.id, reads.map((r) => ({ caseId: r.row.id, version: r.row.version })));
      await this.audit.record(tx, {
        actor, entity: 'package', entityId: pkg.submissionId, action: built.unchanged ? 'rebuild_unchanged' : 'build',
        changes: [
          { field: 'version', old: mode === 'create' ? null : pkg.version, new: version },
          { field: 'sha256', old: pkg.sha256, new: file.sha256 },
          ...(mode === 'rebuild' && changes ? [{ field: 'changes', old: null, new: changes }] : []),
          ...(mode === 'rebuild' ? [{ field: 'changedCases', old: null, new: changedCases }] : []),
        ],
      });
    });
  }

  /** What this version changes against the one before, by the department's case numbers. */
  private async versionChanges(tx: Executor, pkg: PackageRow, mode: BuildMode, reads: CaseRead[]): Promise<VersionChanges> {
    const numbers = (list: CaseRead[]) => list.map((r) => r.row.caseNum).sort();
    if (mode === 'create') return { added: numbers(reads), amended: [], withdrawn: [] };
    return {
      added: numbers(reads.filter((r) => r.version === null)),
      amended: numbers(reads.filter((r) => r.version !== null && r.version !== r.row.version)),
      withdrawn: await this.repository.unbuiltWithdrawals(tx, pkg.id),
    };
  }

  /** The build is over and failed: a first build leaves no package file and gives its cases back. */
  private async fail(pkg: PackageRow, mode: BuildMode, message: string, actor: AuditActor): Promise<void> {
    await this.database.transaction(async (tx: Executor) => {
      const failed = await this.repository.updatePackage(
        tx, pkg.id,
        { building: false, heartbeatAt: null, lastError: message, ...(mode === 'create' ? { status: 'buildfailed' } : {}) },
        'building',
      );
      if (!failed) return;
      if (mode === 'create') await this.repository.releaseCases(tx, pkg.id);
      await this.audit.record(tx, {
        actor, entity: 'package', entityId: pkg.submissionId, action: 'build_failed', changes: [{ field: 'lastError', old: null, new: message }],
      });
    });
  }
}

/** The packageable facts of a case this package holds: its own package does not count against it. */
function packagingFacts(row: { isClose: boolean; isArchived: boolean; submissionId: string | null }, pkg: PackageRow) {
  return { isClose: row.isClose, isArchived: row.isArchived, inPackage: row.submissionId !== null && row.submissionId !== pkg.submissionId };
}
