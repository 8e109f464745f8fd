import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type {
  ApprovalResponse, CensusPackage, CensusPackagesResponse, ClosedCaseListItem, ClosedCasesResponse, DownloadTicket,
  PackagedCasesResponse, SubmissionCaseType, SubmitPackageResponse,
} from '@pnss/libs/api';
import { caseTypesOf, packageActions, packageFileName } from '@pnss/libs/submissions';
import { TOASTS } from '@pnss/libs/validation';
import { pageWindow } from '../../common/paging/page-query.dto.js';
import { APP_CONFIG, type AppConfig, censusConfigOf } from '../../config/app-config.js';
import { isUniqueViolation } from '../../database/database-errors.js';
import { DatabaseService, type Executor } from '../../database/database.service.js';
import { type AuditActor, AuditService, SYSTEM_ACTOR } from '../audit/audit.service.js';
import { toCaseForm } from '../cases/case-record.js';
import { buildPackageFile, packagedCases } from './package-file.js';
import { SocietyClient } from './society.client.js';
import { SubmissionsErrorCode, submissionsError } from './submissions.errors.js';
import { type CaseCheckRow, type PackageRow, SubmissionsRepository } from './submissions.repository.js';

const ONE_BUILD_KEY = 'census_packages_one_build_key';
const PACKAGED_CASE_KEY = 'census_package_cases_case_key';
/** A build writes its heartbeat at least this often; one silent for twice as long was cut off. */
const HEARTBEAT_MS = 5_000;
const STALE_BUILD_MS = 30_000;
const TICKET_TTL_MS = 60_000;
const PACKAGES_FOLDER = 'packages';
const BUILD_CUT_OFF = 'The server stopped while this package was being built; its cases were left unpackaged. Create the package again.';
const SEND_CUT_OFF = 'The server stopped before the society answered. Submit the package again.';

type BuildMode = 'create' | 'rebuild';

class BuildConflict extends Error {}

/**
 * Closed-case review, approval and census packages (SPEC.md §2, §4, §7; ARCHITECTURE.md "Census
 * packages"). One build at a time per department, enforced by a unique partial index; a build runs
 * in the background and writes its progress; the cases are marked Submitted in the transaction that
 * completes the build, so a build that is cut off leaves no case half-marked.
 */
@Injectable()
export class SubmissionsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Submissions');
  private readonly running = new Set<Promise<void>>();
  private stopping = false;

  constructor(
    private readonly repository: SubmissionsRepository,
    private readonly database: DatabaseService,
    private readonly audit: AuditService,
    private readonly society: SocietyClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get census() {
    return censusConfigOf(this.config);
  }

  /** A build or a send this process was doing when it stopped cannot finish: say so instead of leaving it stuck. */
  async onApplicationBootstrap(): Promise<void> {
    await this.recoverStale(true);
    await this.removeOrphanFiles();
  }

  /**
   * Package files no package row owns (issue 27 item 6: a build killed after writing its ZIP, a
   * rebuild's earlier version, a half-written .part) are removed at start-up. Only files older than a
   * build takes, so another server's build under way keeps its file.
   */
  private async removeOrphanFiles(olderThanMs = 10 * 60_000): Promise<void> {
    const folder = join(this.config.dataDir, PACKAGES_FOLDER);
    const names = await readdir(folder).catch(() => [] as string[]);
    if (names.length === 0) return;
    const owned = await this.repository.ownedFileNames();
    const before = Date.now() - olderThanMs;
    let removed = 0;
    for (const name of names) {
      if (owned.has(name)) continue;
      const path = join(folder, name);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile() || info.mtimeMs > before) continue;
      await rm(path, { force: true });
      removed += 1;
    }
    if (removed > 0) this.logger.warn(`Removed ${removed} package file(s) that no package owns (left by a stopped build)`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.running]);
  }

  // Review lists and approval

  async closedCases(type: SubmissionCaseType | null, offset: number | undefined): Promise<ClosedCasesResponse<ClosedCaseListItem>> {
    const { page, limit, skip } = pageWindow(offset);
    const { rows, count } = await this.repository.reviewPage(type, limit, skip);
    return { result: rows.map((row) => toClosedCaseItem(row, type)), count, offset: page };
  }

  async setApproval(actor: AuditActor, caseIds: string[], approved: boolean): Promise<ApprovalResponse> {
    const ids = [...new Set(caseIds.map((id) => id.toLowerCase()))];
    const rows = await this.repository.checkCases(ids);
    this.assertFound(ids, rows);
    if (approved) this.assertPackageable(rows);
    await this.database.transaction(async (tx) => {
      if (approved) {
        await this.repository.approve(tx, rows.map((r) => ({ caseId: r.id, caseVersion: r.version })), actor);
        for (const row of rows) {
          await this.audit.record(tx, {
            actor, entity: 'case', entityId: row.id, action: 'approve',
            changes: [{ field: 'approved', old: row.approvedVersion === row.version, new: true }],
          });
        }
      } else {
        const withdrawn = await this.repository.withdraw(tx, ids);
        for (const id of withdrawn) {
          await this.audit.record(tx, {
            actor, entity: 'case', entityId: id, action: 'withdraw_approval', changes: [{ field: 'approved', old: true, new: false }],
          });
        }
      }
    });
    return { caseIds: ids, approved };
  }

  // Packages

  /** Starts a build of the approved cases; 409 'Still processing previous package' while one runs. */
  async create(actor: AuditActor, selectedCases: string[]): Promise<CensusPackage> {
    const ids = [...new Set(selectedCases.map((id) => id.toLowerCase()))];
    if (ids.length === 0) throw submissionsError(SubmissionsErrorCode.NoSelectedCases);
    await this.recoverStale(false);
    const rows = await this.repository.checkCases(ids);
    this.assertFound(ids, rows);
    this.assertPackageable(rows);
    const unapproved = rows.filter((r) => r.approvedVersion !== r.version);
    if (unapproved.length > 0) {
      throw submissionsError(SubmissionsErrorCode.CaseNotApproved, {
        cases: unapproved.map((r) => ({ id: r.id, caseNum: r.caseNum, reason: 'is not approved' })),
      });
    }
    const departmentId = this.census.departmentId;
    const startDate = minDate(rows.map((r) => r.admissionDate ?? r.dischargeDate));
    const endDate = maxDate(rows.map((r) => r.dischargeDate ?? r.admissionDate));
    let row: PackageRow;
    try {
      row = await this.database.transaction(async (tx) => {
        const inserted = await this.repository.insertPackage(
          tx,
          {
            submissionId: newSubmissionId(),
            departmentId,
            startDate,
            endDate,
            numOfCases: ids.length,
            status: 'building',
            building: true,
            progress: 0,
            heartbeatAt: new Date(),
            createdBy: actor.id,
          },
          ids,
        );
        await this.audit.record(tx, {
          actor, entity: 'package', entityId: inserted.submissionId, action: 'create',
          changes: [{ field: 'selectedCases', old: null, new: rows.map((r) => r.caseNum).sort() }],
        });
        return inserted;
      });
    } catch (error) {
      if (isUniqueViolation(error, ONE_BUILD_KEY)) throw submissionsError(SubmissionsErrorCode.StillProcessing);
      if (isUniqueViolation(error, PACKAGED_CASE_KEY)) {
        throw submissionsError(SubmissionsErrorCode.CaseNotPackageable, {
          cases: rows.map((r) => ({ id: r.id, caseNum: r.caseNum, reason: 'is already in a census package' })),
        });
      }
      throw error;
    }
    this.startBuild(row.id, actor, 'create');
    return toCensusPackage(row);
  }

  /** Reads the package's cases again; the same bytes when nothing changed, the next version when something did. */
  async rebuild(actor: AuditActor, submissionId: string, fileName: string): Promise<CensusPackage> {
    await this.recoverStale(false);
    const pkg = await this.requirePackage(submissionId);
    if (pkg.fileName !== fileName) throw submissionsError(SubmissionsErrorCode.FileNameMismatch);
    if (!packageActions(toCensusPackage(pkg)).rebuild) throw this.busy(pkg);
    let row: PackageRow | null;
    try {
      row = await this.database.transaction(async (tx) => {
        const started = await this.repository.updatePackage(
          tx, pkg.id, { building: true, progress: 0, heartbeatAt: new Date(), lastError: null },
          'idle',
        );
        if (started) await this.audit.record(tx, { actor, entity: 'package', entityId: submissionId, action: 'rebuild' });
        return started;
      });
    } catch (error) {
      if (isUniqueViolation(error, ONE_BUILD_KEY)) throw submissionsError(SubmissionsErrorCode.StillProcessing);
      throw error;
    }
    if (!row) throw this.busy(pkg);
    this.startBuild(row.id, actor, 'rebuild');
    return toCensusPackage(row);
  }

  async listPackages(search: string | null, offset: number | undefined): Promise<CensusPackagesResponse> {
    await this.recoverStale(false);
    const { page, limit, skip } = pageWindow(offset);
    const { rows, count } = await this.repository.packagesPage(search?.trim() || null, limit, skip);
    return { items: rows.map(toCensusPackage), count, offset: page };
  }

  async getPackage(submissionId: string): Promise<CensusPackage> {
    return toCensusPackage(await this.requirePackage(submissionId));
  }

  async packagedCases(submissionId: string, offset: number | undefined): Promise<PackagedCasesResponse> {
    const pkg = await this.requirePackage(submissionId);
    const { page, limit, skip } = pageWindow(offset);
    const { rows, count } = await this.repository.packagedCases(pkg.id, limit, skip);
    return {
      result: rows.map((r) => ({
        _id: r.id,
        caseNum: r.caseNum,
        admissionDate: r.admissionDate,
        dischargeDate: r.dischargeDate,
        patientid: { _id: r.patientId, firstName: r.firstName, middleName: r.middleName, lastName: r.lastName, birthDate: r.birthDate },
      })),
      count,
      offset: page,
    };
  }

  // Download

  /** A single-use link valid for a minute: the browser window that opens it sends no Authorization header. */
  async issueDownload(actor: AuditActor, submissionId: string): Promise<DownloadTicket> {
    const pkg = await this.requirePackage(submissionId);
    if (!pkg.fileName || pkg.building) throw this.busy(pkg);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + TICKET_TTL_MS);
    await this.database.transaction((tx) =>
      this.repository.insertTicket(tx, {
        tokenHash: hashToken(token), packageId: pkg.id, fileName: pkg.fileName as string, userId: actor.id,
        username: actor.username, expiresAt,
      }),
    );
    return {
      url: `/api/submissions/download/${encodeURIComponent(pkg.fileName)}?ticket=${token}`,
      fileName: pkg.fileName,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** Spends the ticket and answers the file; the download is audited under the user who asked for the link. */
  async download(fileName: string, ticket: string, ip: string | null): Promise<{ fileName: string; bytes: Buffer }> {
    return this.database.transaction(async (tx) => {
      const used = await this.repository.useTicket(tx, hashToken(ticket), fileName);
      if (!used) throw submissionsError(SubmissionsErrorCode.TicketInvalid);
      const pkg = await this.repository.findPackageById(used.packageId, tx);
      if (!pkg || pkg.fileName !== fileName) throw submissionsError(SubmissionsErrorCode.TicketInvalid);
      const bytes = await readFile(this.filePath(fileName)).catch(() => null);
      if (!bytes) throw submissionsError(SubmissionsErrorCode.FileMissing);
      await this.audit.record(tx, {
        actor: { id: used.userId, username: used.username, ip }, entity: 'package', entityId: pkg.submissionId, action: 'download',
        changes: [{ field: 'fileName', old: null, new: fileName }, { field: 'sha256', old: null, new: pkg.sha256 }],
      });
      return { fileName, bytes };
    });
  }

  // Submit

  /** Sending at once, then Sent with the society's upload id, or Failed with its message. */
  async submit(actor: AuditActor, submissionId: string): Promise<SubmitPackageResponse> {
    if (!this.society.configured) throw submissionsError(SubmissionsErrorCode.SocietyNotConfigured);
    await this.recoverStale(false);
    const pkg = await this.requirePackage(submissionId);
    if (pkg.status === 'Sending') throw submissionsError(SubmissionsErrorCode.AlreadySending);
    if (!packageActions(toCensusPackage(pkg)).submit || !pkg.fileName) throw this.busy(pkg);
    const bytes = await readFile(this.filePath(pkg.fileName)).catch(() => null);
    if (!bytes) throw submissionsError(SubmissionsErrorCode.FileMissing);
    const sending = await this.database.transaction(async (tx) => {
      const row = await this.repository.updatePackage(
        tx, pkg.id, { status: 'Sending', lastError: null },
        { idleAtVersion: pkg.version },
      );
      if (row) {
        await this.audit.record(tx, {
          actor, entity: 'package', entityId: submissionId, action: 'submit', changes: [{ field: 'status', old: pkg.status, new: 'Sending' }],
        });
      }
      return row;
    });
    if (!sending) throw submissionsError(SubmissionsErrorCode.AlreadySending);

    const result = await this.society.upload(pkg.fileName, bytes);
    const finished = await this.database.transaction(async (tx) => {
      const set = result.ok
        ? { status: 'Sent', uploadId: result.uploadId, sentAt: new Date(), lastError: null }
        : { status: 'Failed', lastError: result.message };
      const row = await this.repository.updatePackage(tx, pkg.id, set, 'sending');
      await this.audit.record(tx, {
        actor, entity: 'package', entityId: submissionId, action: result.ok ? 'sent' : 'submit_failed',
        changes: [
          { field: 'status', old: 'Sending', new: set.status },
          result.ok ? { field: 'uploadId', old: pkg.uploadId, new: result.uploadId } : { field: 'lastError', old: null, new: result.message },
        ],
      });
      return row;
    });
    if (!result.ok) throw submissionsError(SubmissionsErrorCode.SocietyRefused, { message: result.message });
    return { uploadid: result.uploadId, message: TOASTS.packageUploaded, package: toCensusPackage(finished ?? sending) };
  }

  // The background build

  private startBuild(packageId: string, actor: AuditActor, mode: BuildMode): void {
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.runBuild(packageId, actor, mode))
      .catch((error: unknown) => this.logger.error(`Build of package ${packageId} failed: ${String(error)}`));
    this.running.add(job);
    void job.finally(() => this.running.delete(job));
  }

  private async runBuild(packageId: string, actor: AuditActor, mode: BuildMode): Promise<void> {
    const pkg = await this.repository.findPackageById(packageId);
    if (!pkg || !pkg.building) return;
    try {
      let lastBeat = Date.now();
      const progress = async (value: number) => {
        if (this.stopping) throw new Error('The server is stopping');
        if (Date.now() - lastBeat < 200 && value < 100) return;
        lastBeat = Date.now();
        await this.repository.updatePackage(this.database.db, pkg.id, { progress: value, heartbeatAt: new Date() }, 'building');
      };
      const caseRows = await this.repository.packageCaseRows(pkg.id);
      await progress(10);
      const forms = [];
      for (const [index, { row }] of caseRows.entries()) {
        if (mode === 'create' && (!row.isClose || row.isArchived || (row.submissionId && row.submissionId !== pkg.submissionId))) {
          throw new BuildConflict(`Case ${row.caseNum} is no longer closed and unpackaged`);
        }
        forms.push(toCaseForm(row));
        if (index % 50 === 49) await progress(10 + Math.round((60 * index) / caseRows.length));
      }
      const cases = packagedCases(this.census.packageSecret, forms.map((f) => ({ ...f, submissionId: null })));
      await progress(70);

      const builtAt = pkg.builtAt ?? new Date();
      const identity = {
        submissionId: pkg.submissionId, departmentId: pkg.departmentId, startDate: pkg.startDate, endDate: pkg.endDate,
      };
      let version = mode === 'create' ? 1 : pkg.version;
      let file = buildPackageFile({ ...identity, version, createdAt: builtAt.toISOString() }, cases);
      let createdAt = builtAt;
      const changed = mode === 'rebuild' && file.sha256 !== pkg.sha256;
      if (changed) {
        version = pkg.version + 1;
        createdAt = new Date();
        file = buildPackageFile({ ...identity, version, createdAt: createdAt.toISOString() }, cases);
      }
      if (mode === 'create') createdAt = builtAt;
      await progress(85);

      const fileName = packageFileName(pkg.departmentId, pkg.submissionId, version);
      await this.writeFileAtomically(fileName, file.bytes);
      await progress(95);

      await this.database.transaction(async (tx) => {
        const ids = caseRows.map((r) => r.row.id);
        const locked = await this.repository.lockCases(tx, ids);
        for (const current of locked) {
          const read = caseRows.find((r) => r.row.id === current.id);
          if (!read || read.row.version !== current.version || !current.isClose || current.isArchived) {
            throw new BuildConflict(`Case ${current.caseNum} changed while the package was being built`);
          }
        }
        const unchangedRebuild = mode === 'rebuild' && !changed;
        const done = await this.repository.updatePackage(
          tx, pkg.id,
          {
            building: false, progress: 100, heartbeatAt: null, lastError: null,
            ...(unchangedRebuild
              ? {}
              : {
                  status: 'pending', version, fileName, sha256: file.sha256, size: file.bytes.byteLength, builtAt: createdAt,
                  builtBy: actor.id, builtByUsername: actor.username, uploadId: null, sentAt: null,
                }),
          },
          'building',
        );
        if (!done) throw new BuildConflict(BUILD_CUT_OFF);
        if (mode === 'create') {
          await this.repository.markSubmitted(tx, ids, pkg.submissionId);
          for (const r of caseRows) {
            await this.audit.record(tx, {
              actor, entity: 'case', entityId: r.row.id, action: 'package',
              changes: [{ field: 'submissionId', old: null, new: pkg.submissionId }],
            });
          }
        }
        await this.repository.setCaseVersions(tx, pkg.id, caseRows.map((r) => ({ caseId: r.row.id, version: r.row.version })));
        await this.audit.record(tx, {
          actor, entity: 'package', entityId: pkg.submissionId, action: unchangedRebuild ? 'rebuild_unchanged' : 'build',
          changes: [
            { field: 'version', old: mode === 'create' ? null : pkg.version, new: version },
            { field: 'sha256', old: pkg.sha256, new: file.sha256 },
          ],
        });
      });
    } catch (error) {
      const message = error instanceof BuildConflict ? error.message : `The package could not be built: ${error instanceof Error ? error.message : String(error)}`;
      if (!(error instanceof BuildConflict)) this.logger.error(`Build of ${pkg.submissionId}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      await this.failBuild(pkg, mode, message, actor).catch((failure: unknown) => this.logger.error(`Recording the failed build: ${String(failure)}`));
    }
  }

  private async failBuild(pkg: PackageRow, mode: BuildMode, message: string, actor: AuditActor, executor?: Executor): Promise<void> {
    const work = async (tx: Executor) => {
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
    };
    await (executor ? work(executor) : this.database.transaction(work));
  }

  /**
   * Builds and sends that no process finishes any more become failures: at start-up every build
   * this server could have been running, later those whose heartbeat stopped.
   */
  private async recoverStale(atStartUp: boolean): Promise<void> {
    // One process owns an embedded database: at its start nothing else can be building or sending.
    const sole = atStartUp && this.database.kind === 'pglite';
    const stale = await this.repository.staleBuilds(sole ? null : new Date(Date.now() - STALE_BUILD_MS));
    for (const pkg of stale) {
      await this.failBuild(pkg, pkg.status === 'building' ? 'create' : 'rebuild', BUILD_CUT_OFF, SYSTEM_ACTOR);
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

  // Helpers

  private filePath(fileName: string): string {
    return join(this.config.dataDir, PACKAGES_FOLDER, fileName);
  }

  private async writeFileAtomically(fileName: string, bytes: Uint8Array): Promise<void> {
    const folder = join(this.config.dataDir, PACKAGES_FOLDER);
    await mkdir(folder, { recursive: true });
    const temporary = join(folder, `.${fileName}.${randomBytes(6).toString('hex')}.part`);
    await writeFile(temporary, bytes, { mode: 0o600 });
    await rename(temporary, join(folder, fileName));
  }

  private async requirePackage(submissionId: string): Promise<PackageRow> {
    const pkg = await this.repository.findPackage(submissionId);
    if (!pkg) throw submissionsError(SubmissionsErrorCode.PackageNotFound);
    return pkg;
  }

  private busy(pkg: PackageRow) {
    if (pkg.status === 'Sending') return submissionsError(SubmissionsErrorCode.AlreadySending);
    if (pkg.building) return submissionsError(SubmissionsErrorCode.StillProcessing);
    return submissionsError(SubmissionsErrorCode.PackageBusy, {
      message: pkg.status === 'buildfailed' ? `This package could not be built: ${pkg.lastError ?? ''}`.trim() : undefined,
    });
  }

  private assertFound(ids: string[], rows: CaseCheckRow[]): void {
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length > 0) {
      throw submissionsError(SubmissionsErrorCode.CaseNotFound, { cases: missing.map((id) => ({ id, caseNum: id, reason: 'not found' })) });
    }
  }

  private assertPackageable(rows: CaseCheckRow[]): void {
    const refused = rows.flatMap((r) => {
      const reason = !r.isClose
        ? 'is not closed'
        : r.isArchived
          ? 'is archived'
          : r.submissionId || r.inPackage
            ? 'is already in a census package'
            : null;
      return reason ? [{ id: r.id, caseNum: r.caseNum, reason }] : [];
    });
    if (refused.length > 0) throw submissionsError(SubmissionsErrorCode.CaseNotPackageable, { cases: refused });
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** `S20261122-7KQ3XZ`: the day it was created and six random characters. */
function newSubmissionId(): string {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const random = [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('');
  return `S${day}-${random}`;
}

function minDate(dates: Array<string | null>): string {
  const known = dates.filter((d): d is string => Boolean(d)).sort();
  return known[0] ?? new Date().toISOString().slice(0, 10);
}

function maxDate(dates: Array<string | null>): string {
  const known = dates.filter((d): d is string => Boolean(d)).sort();
  return known[known.length - 1] ?? new Date().toISOString().slice(0, 10);
}

export function toCensusPackage(row: PackageRow): CensusPackage {
  return {
    _id: row.id,
    submissionId: row.submissionId,
    departmentId: row.departmentId,
    startDate: row.startDate,
    endDate: row.endDate,
    numOfCases: row.numOfCases,
    version: row.version,
    status: row.status as CensusPackage['status'],
    fileName: row.fileName ?? '',
    builtAt: row.builtAt?.toISOString() ?? null,
    builtBy: row.builtByUsername,
    createdAt: row.createdAt.toISOString(),
    building: row.building,
    progress: row.progress,
    uploadId: row.uploadId,
    sha256: row.sha256,
    size: row.size,
    lastError: row.lastError,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

type ReviewRow = Awaited<ReturnType<SubmissionsRepository['reviewPage']>>['rows'][number];

/**
 * A review item. `caseTypes` are every list the case appears in (the libs rule); `caseType` is the
 * list it was read from, or on the all-cases list the first of its own types.
 */
function toClosedCaseItem(row: ReviewRow, list: SubmissionCaseType | null): ClosedCaseListItem {
  const caseTypes = caseTypesOf(row);
  const caseType = list ?? caseTypes[0] ?? 'maternalfetalcase';
  const base = {
    _id: row.id,
    caseNum: row.caseNum,
    admissionDate: row.admissionDate,
    dischargeDate: row.dischargeDate,
    patientid: {
      _id: row.patientId, firstName: row.firstName, middleName: row.middleName, lastName: row.lastName, birthDate: row.birthDate,
    },
    approved: row.approvedVersion === row.version,
    submissionId: null,
    // Every type's columns: the all-cases list shows whichever the reviewer's filter asks for.
    pregnancyType: row.pregnancyType,
    deliveryManner: row.deliveryManner,
    motherCondition: row.motherCondition,
    infantsNumber: row.infantsNumber,
    livebirthCount: row.livebirthCount ?? 0,
    gyneOrgan: row.gyneOrgan,
    organCondition: row.organCondition,
    antecedentCause: row.antecedentCause,
    immediateCause: row.immediateCause,
    gtdDiagnosis: row.gtdDiagnosis,
    gtdComplication: row.gtdComplication,
  };
  return { ...base, caseType, caseTypes };
}
