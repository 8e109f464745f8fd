import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { packageFileName, packageRefusal } from '@pnss/libs/submissions';
import { APP_CONFIG, type AppConfig, censusConfigOf } from '../../config/app-config.js';
import { DatabaseService, type Executor } from '../../database/database.service.js';
import { type AuditActor, AuditService, SYSTEM_ACTOR } from '../audit/audit.service.js';
import { toCaseForm } from '../../common/records/case-record.js';
import { type BuiltPackage, buildPackageFile, packagedCases } from './package-file.js';
import { PackageStore } from './package-store.js';
import { type PackageRow, SubmissionsRepository } from './submissions.repository.js';

/** A build writes its heartbeat at least this often; one silent for twice as long was cut off. */
const HEARTBEAT_MS = 5_000;
const STALE_BUILD_MS = 30_000;
const BUILD_CUT_OFF = 'The server stopped while this package was being built; its cases were left unpackaged. Create the package again.';
const SEND_CUT_OFF = 'The server stopped before the society answered. Submit the package again.';

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
export class PackageBuildJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Submissions');
  private readonly running = new Set<Promise<void>>();
  private stopping = false;

  constructor(
    private readonly repository: SubmissionsRepository,
    private readonly database: DatabaseService,
    private readonly audit: AuditService,
    private readonly store: PackageStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get census() {
    return censusConfigOf(this.config);
  }

  /** A build or a send this process was doing when it stopped cannot finish: say so instead of leaving it stuck. */
  async onApplicationBootstrap(): Promise<void> {
    await this.recoverStale(true);
    const removed = await this.store.removeUnowned(await this.repository.ownedFileNames());
    if (removed > 0) this.logger.warn(`Removed ${removed} package file(s) that no package owns (left by a stopped build)`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.running]);
  }

  /** Runs the build of a package whose row already says building, after the request that started it has answered. */
  start(packageId: string, actor: AuditActor, mode: BuildMode): void {
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.run(packageId, actor, mode))
      .catch((error: unknown) => this.logger.error(`Build of package ${packageId} failed: ${String(error)}`));
    this.running.add(job);
    void job.finally(() => this.running.delete(job));
  }

  /**
   * Builds and sends that no process finishes any more become failures: at start-up every build
   * this server could have been running, later those whose heartbeat stopped.
   */
  async recoverStale(atStartUp: boolean): Promise<void> {
    // One process owns an embedded database: at its start nothing else can be building or sending.
    const sole = atStartUp && this.database.kind === 'pglite';
    const stale = await this.repository.staleBuilds(sole ? null : new Date(Date.now() - STALE_BUILD_MS));
    for (const pkg of stale) {
      await this.fail(pkg, pkg.status === 'building' ? 'create' : 'rebuild', BUILD_CUT_OFF, SYSTEM_ACTOR);
    }
    const timeout = this.census.societyTimeoutMs + HEARTBEAT_MS;
    for (const pkg of await this.repository.sendingPackages()) {
      if (!sole && pkg.updatedAt.getTime() > Date.now() - timeout) continue;
      await this.database.transaction(async (tx) => {
        const failed = await this.repository.updatePackage(tx, pkg.id, { status: 'Failed', lastError: SEND_CUT_OFF }, 'sending');
        if (failed) {
          await this.audit.record(tx, {
            actor: SYSTEM_ACTOR, entity: 'package', entityId: pkg.submissionId, action: 'submit_failed',
            changes: [{ field: 'status', old: 'Sending', new: 'Failed' }],
          });
        }
      });
    }
  }

  private async run(packageId: string, actor: AuditActor, mode: BuildMode): Promise<void> {
    const pkg = await this.repository.findPackageById(packageId);
    if (!pkg || !pkg.building) return;
    try {
      const progress = this.progressOf(pkg);
      const cases = await this.readCases(pkg, mode, progress);
      await progress(70);
      const built = this.buildVersion(pkg, mode, cases);
      await progress(85);
      await this.store.write(built.fileName, built.file.bytes);
      await progress(95);
      await this.complete(pkg, mode, cases, built, actor);
    } catch (error) {
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
      if (this.stopping) throw new Error('The server is stopping');
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
                builtBy: actor.id, builtByUsername: actor.username, uploadId: null, sentAt: null,
              }),
        },
        'building',
      );
      if (!done) throw new BuildConflict(BUILD_CUT_OFF);
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
          ...(mode === 'rebuild' ? [{ field: 'changedCases', old: null, new: changedCases }] : []),
        ],
      });
    });
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
