import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { CensusPackage, CensusPackagesResponse, DownloadTicket, PackagedCasesResponse, SubmitPackageResponse } from '@pnss/libs/api';
import { packageActions, packageAmendmentRefusal } from '@pnss/libs/submissions';
import { TOASTS } from '@pnss/libs/validation';
import { pageWindow } from '../../common/paging/page-query.dto.js';
import { APP_CONFIG, type AppConfig, censusConfigOf } from '../../config/app-config.js';
import { isUniqueViolation } from '../../database/database-errors.js';
import { DatabaseService } from '../../database/database.service.js';
import { type AuditActor, AuditService } from '../audit/audit.service.js';
import { toCensusPackage } from './census-package.view.js';
import { PackageBuildJob } from './package-build.job.js';
import { PackageStore } from './package-store.js';
import { QualityService } from '../quality/quality.service.js';
import { assertCasesApprovable, assertCasesFound } from './packageable-cases.js';
import { SocietyClient } from './society.client.js';
import { SubmissionsErrorCode, submissionsError } from './submissions.errors.js';
import { type PackageRow, SubmissionsRepository } from './submissions.repository.js';

const ONE_BUILD_KEY = 'census_packages_one_build_key';
const PACKAGED_CASE_KEY = 'census_package_cases_case_key';
const TICKET_TTL_MS = 60_000;

/**
 * The Census tab (SPEC.md §2, §4, §7; ARCHITECTURE.md "Census packages"): packages are created from
 * approved cases and rebuilt (one build at a time per department, enforced by a unique partial index;
 * the build itself is PackageBuildJob's), listed, downloaded through single-use links, and submitted
 * to the society.
 */
@Injectable()
export class CensusPackagesService {
  constructor(
    private readonly repository: SubmissionsRepository,
    private readonly database: DatabaseService,
    private readonly audit: AuditService,
    private readonly builds: PackageBuildJob,
    private readonly store: PackageStore,
    private readonly society: SocietyClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly quality: QualityService,
  ) {}

  /** Starts a build of the approved cases; 409 'Still processing previous package' while one runs. */
  async create(actor: AuditActor, selectedCases: string[]): Promise<CensusPackage> {
    const ids = [...new Set(selectedCases.map((id) => id.toLowerCase()))];
    if (ids.length === 0) throw submissionsError(SubmissionsErrorCode.NoSelectedCases);
    await this.builds.recoverStale(false);
    const rows = await this.repository.checkCases(ids);
    assertCasesFound(ids, rows);
    // An approved case on which a query was opened later waits for it too (issue 31). Its warnings were
    // confirmed when it was approved: an approval holds one version, and a change of the case withdraws it.
    assertCasesApprovable(rows, await this.quality.approvalFacts(ids), true);
    const unapproved = rows.filter((r) => r.approvedVersion !== r.version);
    if (unapproved.length > 0) {
      throw submissionsError(SubmissionsErrorCode.CaseNotApproved, {
        cases: unapproved.map((r) => ({ id: r.id, caseNum: r.caseNum, reason: 'is not approved' })),
      });
    }
    let row: PackageRow;
    try {
      row = await this.database.transaction(async (tx) => {
        const inserted = await this.repository.insertPackage(
          tx,
          {
            submissionId: newSubmissionId(),
            departmentId: censusConfigOf(this.config).departmentId,
            startDate: minDate(rows.map((r) => r.admissionDate ?? r.dischargeDate)),
            endDate: maxDate(rows.map((r) => r.dischargeDate ?? r.admissionDate)),
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
    await this.builds.start(row.id, actor, 'create');
    return toCensusPackage(row);
  }

  /** Reads the package's cases again; the same bytes when nothing changed, the next version when something did. */
  async rebuild(actor: AuditActor, submissionId: string, fileName: string): Promise<CensusPackage> {
    await this.builds.recoverStale(false);
    const pkg = await this.requirePackage(submissionId);
    if (pkg.fileName !== fileName) throw submissionsError(SubmissionsErrorCode.FileNameMismatch);
    if (!packageActions(toCensusPackage(pkg)).rebuild) throw busy(pkg);
    await this.assertNoOpenAmendment(pkg);
    let row: PackageRow | null;
    try {
      row = await this.database.transaction(async (tx) => {
        const started = await this.repository.updatePackage(tx, pkg.id, { building: true, progress: 0, heartbeatAt: new Date(), lastError: null }, 'idle');
        if (started) await this.audit.record(tx, { actor, entity: 'package', entityId: submissionId, action: 'rebuild' });
        return started;
      });
    } catch (error) {
      if (isUniqueViolation(error, ONE_BUILD_KEY)) throw submissionsError(SubmissionsErrorCode.StillProcessing);
      throw error;
    }
    if (!row) throw busy(pkg);
    await this.builds.start(row.id, actor, 'rebuild');
    return toCensusPackage(row);
  }

  async listPackages(search: string | null, offset: number | undefined): Promise<CensusPackagesResponse> {
    await this.builds.recoverStale(false);
    const { page, limit, skip } = pageWindow(offset);
    const { rows, count } = await this.repository.packagesPage(search?.trim() || null, limit, skip);
    return { items: await this.withChanges(rows), count, offset: page };
  }

  async getPackage(submissionId: string): Promise<CensusPackage> {
    const [pkg] = await this.withChanges([await this.requirePackage(submissionId)]);
    return pkg;
  }

  /**
   * The packages with the cases each carries at an older version than the case's own, and why; how
   * each one's last build ended; and (issue 30) the corrections since the last submission, the cases
   * being amended, the versions.
   */
  private async withChanges(rows: PackageRow[]): Promise<CensusPackage[]> {
    const ids = rows.map((r) => r.id);
    const [changed, builds, amendments, amending, versions] = await Promise.all([
      this.repository.changedCases(ids), this.repository.lastBuilds(rows.map((r) => r.submissionId)),
      this.repository.pendingAmendments(ids), this.repository.amendingCases(ids), this.repository.versionsOf(ids),
    ]);
    return rows.map((row) =>
      toCensusPackage(row, changed.filter((c) => c.packageId === row.id), builds.find((b) => b.submissionId === row.submissionId) ?? null, {
        amendments: amendments.filter((a) => a.packageId === row.id),
        amendingCases: amending.filter((a) => a.packageId === row.id).map((a) => a.caseNum),
        versions: versions.filter((v) => v.packageId === row.id),
      }),
    );
  }

  /** Issue 30: while a case of the package is reopened for amendment, it is neither rebuilt nor submitted. */
  private async assertNoOpenAmendment(pkg: PackageRow): Promise<void> {
    const refusal = packageAmendmentRefusal((await this.repository.amendingCases([pkg.id])).map((a) => a.caseNum));
    if (refusal) throw submissionsError(SubmissionsErrorCode.AmendmentOpen, { message: refusal });
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

  /**
   * A single-use link valid for a minute: the browser window that opens it sends no Authorization
   * header. With `version`, the file of that version (issue 30: superseded versions stay downloadable).
   */
  async issueDownload(actor: AuditActor, submissionId: string, version?: number): Promise<DownloadTicket> {
    const pkg = await this.requirePackage(submissionId);
    if (version !== undefined && version !== pkg.version) {
      const earlier = await this.repository.findVersion(pkg.id, version);
      if (!earlier) throw submissionsError(SubmissionsErrorCode.VersionNotFound);
      return this.ticket(actor, pkg.id, earlier.fileName);
    }
    if (!pkg.fileName || pkg.building) throw busy(pkg);
    return this.ticket(actor, pkg.id, pkg.fileName);
  }

  private async ticket(actor: AuditActor, packageId: string, fileName: string): Promise<DownloadTicket> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + TICKET_TTL_MS);
    await this.database.transaction((tx) =>
      this.repository.insertTicket(tx, {
        tokenHash: hashToken(token), packageId, fileName, userId: actor.id,
        username: actor.username, expiresAt,
      }),
    );
    return {
      url: `/api/submissions/download/${encodeURIComponent(fileName)}?ticket=${token}`,
      fileName,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** Spends the ticket and answers the file; the download is audited under the user who asked for the link. */
  async download(fileName: string, ticket: string, ip: string | null): Promise<{ fileName: string; bytes: Buffer }> {
    return this.database.transaction(async (tx) => {
      const used = await this.repository.useTicket(tx, hashToken(ticket), fileName);
      if (!used) throw submissionsError(SubmissionsErrorCode.TicketInvalid);
      // The ticket was issued for this file of this package: its current version or an earlier one.
      const pkg = await this.repository.findPackageById(used.packageId, tx);
      if (!pkg) throw submissionsError(SubmissionsErrorCode.TicketInvalid);
      const bytes = await this.store.read(fileName);
      if (!bytes) throw submissionsError(SubmissionsErrorCode.FileMissing);
      await this.audit.record(tx, {
        actor: { id: used.userId, username: used.username, ip }, entity: 'package', entityId: pkg.submissionId, action: 'download',
        changes: [{ field: 'fileName', old: null, new: fileName }, { field: 'sha256', old: null, new: pkg.sha256 }],
      });
      return { fileName, bytes };
    });
  }

  /** Sending at once, then Sent with the society's upload id, or Failed with its message. */
  async submit(actor: AuditActor, submissionId: string): Promise<SubmitPackageResponse> {
    if (!this.society.configured) throw submissionsError(SubmissionsErrorCode.SocietyNotConfigured);
    await this.builds.recoverStale(false);
    const pkg = await this.requirePackage(submissionId);
    if (pkg.status === 'Sending') throw submissionsError(SubmissionsErrorCode.AlreadySending);
    if (!packageActions(toCensusPackage(pkg)).submit || !pkg.fileName) throw busy(pkg);
    await this.assertNoOpenAmendment(pkg);
    const bytes = await this.store.read(pkg.fileName);
    if (!bytes) throw submissionsError(SubmissionsErrorCode.FileMissing);
    const sending = await this.database.transaction(async (tx) => {
      const row = await this.repository.updatePackage(tx, pkg.id, { status: 'Sending', lastError: null }, { idleAtVersion: pkg.version });
      if (row) {
        await this.audit.record(tx, {
          actor, entity: 'package', entityId: submissionId, action: pkg.version > 1 ? 'resubmit' : 'submit',
          changes: [{ field: 'status', old: pkg.status, new: 'Sending' }, { field: 'version', old: null, new: pkg.version }],
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
      if (result.ok && row) await this.repository.markVersionSent(tx, pkg.id, pkg.version, result.uploadId, row.sentAt ?? new Date());
      await this.audit.record(tx, {
        actor, entity: 'package', entityId: submissionId, action: result.ok ? 'sent' : 'submit_failed',
        changes: [
          { field: 'status', old: 'Sending', new: set.status },
          result.ok ? { field: 'uploadId', old: pkg.uploadId, new: result.uploadId } : { field: 'lastError', old: null, new: result.message },
          // The version the society answered: a case's history shows the answer for the versions that carry the case.
          { field: 'version', old: null, new: pkg.version },
        ],
      });
      return row;
    });
    if (!result.ok) throw submissionsError(SubmissionsErrorCode.SocietyRefused, { message: result.message });
    return { uploadid: result.uploadId, message: TOASTS.packageUploaded, package: toCensusPackage(finished ?? sending) };
  }

  private async requirePackage(submissionId: string): Promise<PackageRow> {
    const pkg = await this.repository.findPackage(submissionId);
    if (!pkg) throw submissionsError(SubmissionsErrorCode.PackageNotFound);
    return pkg;
  }
}

/** Why a package cannot be acted on now: being sent, being built, or never built. */
function busy(pkg: PackageRow) {
  if (pkg.status === 'Sending') return submissionsError(SubmissionsErrorCode.AlreadySending);
  if (pkg.building) return submissionsError(SubmissionsErrorCode.StillProcessing);
  return submissionsError(SubmissionsErrorCode.PackageBusy, {
    message: pkg.status === 'buildfailed' ? `This package could not be built: ${pkg.lastError ?? ''}`.trim() : undefined,
  });
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
