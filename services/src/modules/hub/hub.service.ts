import { createHash, randomBytes } from 'node:crypto';
import { countOf } from '@pnss/libs/format';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { HubApiKey, HubPackage, HubPackagesResponse, HubReceipt, IssuedHubKey } from '@pnss/libs/api';
import { pageWindow } from '../../common/paging/page-query.dto.js';
import { APP_CONFIG, type AppConfig, censusConfigOf } from '../../config/app-config.js';
import { isUniqueViolation } from '../../database/database-errors.js';
import { DatabaseService } from '../../database/database.service.js';
import { type AuditActor, AuditService } from '../audit/audit.service.js';
import { HubErrorCode, hubError } from './hub.errors.js';
import type { PackageManifest } from '@pnss/libs/submissions';
import type { HubCollisions } from '../../database/submissions.schema.js';
import { type HubKeyRow, type HubPackageRow, HubRepository } from './hub.repository.js';
import { packageChanges } from '../../common/packages/stored-cases.js';
import { verifyPackage } from './package-verifier.js';
import { hashKey } from '../../common/access/hub-keys.js';
import { NationalIngestService } from '../national/national-ingest.service.js';

const VERSION_KEY = 'hub_packages_version_key';


export interface Upload {
  departmentId: string | undefined;
  apiKey: string | undefined;
  fileName: string | undefined;
  body: unknown;
  ip: string | null;
}

/**
 * The society's side (ARCHITECTURE.md "The society's hub"), on when HUB_ENABLED: departments'
 * API keys, and the packages they send, verified before anything is kept.
 */
@Injectable()
export class HubService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Hub');

  constructor(
    private readonly repository: HubRepository,
    private readonly database: DatabaseService,
    private readonly audit: AuditService,
    private readonly ingest: NationalIngestService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A start-up removes the staged packages that a crash or a kill left half written. */
  async onApplicationBootstrap(): Promise<void> {
    if (!censusConfigOf(this.config).hubEnabled) return;
    const dropped = await this.dropAbandonedReceipts();
    if (dropped > 0) this.logger.warn(`Removed ${dropped} package(s) left half received by a stop during their upload`);
  }

  private assertEnabled(): void {
    if (!censusConfigOf(this.config).hubEnabled) throw hubError(HubErrorCode.NotEnabled);
  }

  async issueKey(actor: AuditActor, departmentId: string, label: string): Promise<IssuedHubKey> {
    this.assertEnabled();
    const key = `pnss_${randomBytes(32).toString('base64url')}`;
    const row = await this.database.transaction(async (tx) => {
      const inserted = await this.repository.insertKey(tx, {
        departmentId, label, prefix: key.slice(0, 12), keyHash: hashKey(key), createdBy: actor.id,
      });
      await this.audit.record(tx, {
        actor, entity: 'hub_key', entityId: inserted.id, action: 'issue',
        changes: [{ field: 'departmentId', old: null, new: departmentId }, { field: 'label', old: null, new: label }],
      });
      return inserted;
    });
    return { ...toKey(row), key };
  }

  async listKeys(): Promise<HubApiKey[]> {
    this.assertEnabled();
    return (await this.repository.listKeys()).map(toKey);
  }

  async revokeKey(actor: AuditActor, id: string): Promise<HubApiKey> {
    this.assertEnabled();
    const existing = await this.repository.findKey(id);
    if (!existing) throw hubError(HubErrorCode.KeyNotFound);
    if (existing.revokedAt) return toKey(existing);
    const row = await this.database.transaction(async (tx) => {
      const revoked = await this.repository.revokeKey(tx, id);
      if (revoked) {
        await this.audit.record(tx, {
          actor, entity: 'hub_key', entityId: id, action: 'revoke', changes: [{ field: 'revokedAt', old: null, new: revoked.revokedAt?.toISOString() }],
        });
      }
      return revoked;
    });
    return toKey(row ?? existing);
  }

  async listPackages(departmentId: string | null, offset: number | undefined): Promise<HubPackagesResponse> {
    this.assertEnabled();
    const { page, limit, skip } = pageWindow(offset);
    const { rows, count } = await this.repository.packagesPage(departmentId, limit, skip);
    return { items: rows.map(toHubPackage), count, offset: page };
  }

  /**
   * The file a department sent, byte for byte, for the society's staff to open: read and audited
   * (who, which package, its SHA-256) in one transaction, so no download goes unrecorded.
   */
  async downloadPackage(actor: AuditActor, id: string): Promise<{ fileName: string; bytes: Buffer }> {
    this.assertEnabled();
    return this.database.transaction(async (tx) => {
      const file = await this.repository.receivedFile(id, tx);
      if (!file) throw hubError(HubErrorCode.PackageNotFound);
      await this.audit.record(tx, {
        actor, entity: 'hub_package', entityId: file.uploadId, action: 'download',
        changes: [{ field: 'fileName', old: null, new: file.fileName }, { field: 'sha256', old: null, new: file.sha256 }],
      });
      return { fileName: file.fileName, bytes: Buffer.from(file.content) };
    });
  }

  /**
   * Authenticates the department, verifies the package as a stream (package-verifier.ts) and keeps
   * it with its cases. The cases are written in batches while cases.json is read, under a staged
   * ('receiving') package row that no list shows; a refusal or a failure deletes it, so nothing is
   * kept of a refused package.
   */
  async receive(upload: Upload): Promise<{ receipt: HubReceipt; created: boolean }> {
    this.assertEnabled();
    const departmentId = upload.departmentId?.trim();
    const apiKey = upload.apiKey?.trim();
    if (!departmentId || !apiKey) throw hubError(HubErrorCode.CredentialsMissing);
    const key = await this.repository.liveKeyByHash(hashKey(apiKey));
    if (!key || key.departmentId !== departmentId) throw hubError(HubErrorCode.KeyRefused);
    const department: AuditActor = { id: null, username: `department:${departmentId}`, ip: upload.ip };

    const bytes = upload.body instanceof Uint8Array ? Buffer.from(upload.body.buffer, upload.body.byteOffset, upload.body.byteLength) : null;
    if (!bytes || bytes.byteLength === 0) {
      throw hubError(HubErrorCode.PackageInvalid, [{ field: 'file', message: 'send the package ZIP as the body, Content-Type application/zip' }]);
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    // Set by the verifier's onManifest (a closure TypeScript does not follow), hence the holder.
    const receiving: { staged: HubPackageRow | null } = { staged: null };
    try {
      const verification = await verifyPackage(bytes, {
        departmentId,
        onManifest: async (manifest) => {
          receiving.staged = await this.stage(manifest, { departmentId, fileName: upload.fileName, sha256, bytes, apiKeyId: key.id });
        },
        sink: async (cases) => {
          // A version received before is only verified again, to answer it as the same package or a conflict.
          if (receiving.staged) await this.repository.insertCases(receiving.staged.id, cases);
        },
      });
      if (!verification.ok) {
        await this.dropStaged(receiving.staged);
        receiving.staged = null;
        await this.database.transaction((tx) =>
          this.audit.record(tx, {
            actor: department, entity: 'hub_package', entityId: upload.fileName ?? null, action: 'refuse',
            changes: verification.errors.slice(0, 5).map((e) => ({ field: e.field, old: null, new: e.message })),
          }),
        );
        throw hubError(verification.limit ? HubErrorCode.PackageTooLarge : HubErrorCode.PackageInvalid, verification.errors);
      }
      const { manifest, summary } = verification;
      const kept = receiving.staged;
      if (!kept) return await this.receivedBefore(departmentId, manifest, sha256);
      const collisions = await this.repository.collisionsOf(kept.id, departmentId);
      const row = await this.database.transaction(async (tx) => {
        const received = await this.repository.completePackage(tx, kept.id, { verification: summary + collisionText(collisions), collisions });
        // Issue 30: this version replaces the earlier versions' cases, in this transaction. The
        // national facts (ARCHITECTURE.md "The national census at the hub") follow here, after it:
        // replace the submission's facts with `completed`'s cases, or none when it was superseded.
        // What it changed against the version it replaces, case by case, from the two packages' files.
        // The version replaced is received and locked in this transaction: its file is there.
        const completed = await this.repository.replaceEarlierVersions(tx, received, async (earlierId) => {
          const earlier = await this.repository.receivedFile(earlierId, tx);
          if (!earlier) throw new Error(`The version ${earlierId} this package replaces has no file at the hub`);
          return packageChanges(earlier.content, bytes);
        });
        await this.repository.touchKey(tx, key.id);
        // The national facts are owed from the moment the package is received (a durable job, issue 29).
        await this.ingest.record(tx, { id: completed.id, departmentId, submissionId: manifest.submissionId, version: manifest.version });
        await this.audit.record(tx, {
          actor: department, entity: 'hub_package', entityId: completed.uploadId, action: 'receive',
          changes: [
            { field: 'submissionId', old: null, new: manifest.submissionId },
            { field: 'version', old: null, new: manifest.version },
            { field: 'sha256', old: null, new: sha256 },
            ...(collisions ? [{ field: 'collisions', old: null, new: collisions }] : []),
            ...(completed.changes ? [{ field: 'changes', old: null, new: completed.changes }] : []),
            ...(completed.supersededAt ? [{ field: 'supersededAt', old: null, new: completed.supersededAt.toISOString() }] : []),
          ],
        });
        return completed;
      });
      receiving.staged = null;
      // Queued after the commit; should this fail, the start-up queues every ingest still owed.
      await this.ingest.send(row.id).catch((error: unknown) => this.logger.error(`The national ingest of ${row.uploadId} is not queued yet: ${String(error)}`));
      return { receipt: { uploadid: row.uploadId, message: 'Package received and verified', duplicate: false }, created: true };
    } finally {
      await this.dropStaged(receiving.staged);
    }
  }

  /**
   * Removes staged packages a crash left half written (called at start-up): older than a receive
   * takes, so another server's upload under way is left alone.
   */
  async dropAbandonedReceipts(olderThanMs = ABANDONED_AFTER_MS): Promise<number> {
    return this.repository.dropStagedBefore(new Date(Date.now() - olderThanMs));
  }

  /** The staged row of a version not received before; null when it was (then the package is only verified). */
  private async stage(manifest: PackageManifest, source: { departmentId: string; fileName: string | undefined; sha256: string; bytes: Buffer; apiKeyId: string }): Promise<HubPackageRow | null> {
    if (await this.repository.findVersion(source.departmentId, manifest.submissionId, manifest.version)) return null;
    try {
      return await this.repository.stagePackage({
        uploadId: `U${Date.now().toString(36).toUpperCase()}-${randomBytes(4).toString('hex').toUpperCase()}`,
        departmentId: source.departmentId,
        submissionId: manifest.submissionId,
        version: manifest.version,
        fileName: source.fileName?.slice(0, 200) || `${manifest.submissionId}-v${manifest.version}.zip`,
        sha256: source.sha256,
        size: source.bytes.byteLength,
        startDate: manifest.startDate,
        endDate: manifest.endDate,
        numOfCases: manifest.numOfCases,
        dataDictionaryVersion: manifest.dataDictionaryVersion,
        manifest,
        verification: 'Being received',
        content: source.bytes,
        apiKeyId: source.apiKeyId,
      });
    } catch (error) {
      // Another upload of the same version got there first: this one is compared with it at the end.
      if (isUniqueViolation(error, VERSION_KEY)) return null;
      throw error;
    }
  }

  /** The answer to a version the hub has (or is receiving): the same upload id for the same bytes, else a conflict. */
  private async receivedBefore(departmentId: string, manifest: PackageManifest, sha256: string): Promise<{ receipt: HubReceipt; created: boolean }> {
    const existing = await this.repository.findVersion(departmentId, manifest.submissionId, manifest.version);
    if (existing?.state === 'receiving') throw hubError(HubErrorCode.PackageInProgress);
    if (!existing || existing.sha256 !== sha256) {
      throw hubError(HubErrorCode.VersionConflict, [{ field: 'manifest.json.version', message: `${manifest.submissionId} version ${manifest.version} was received before with other content` }]);
    }
    return { receipt: { uploadid: existing.uploadId, message: 'This package was already received', duplicate: true }, created: false };
  }

  private async dropStaged(staged: HubPackageRow | null): Promise<void> {
    if (staged) await this.repository.dropStaged(staged.id);
  }
}

/** A staged receipt untouched this long was left by a crash (a 64 MB package is received in well under a minute). */
const ABANDONED_AFTER_MS = 10 * 60_000;

/** The flag of a package sharing patients or records with other departments, as its verification line says it. */
function collisionText(collisions: HubCollisions | null): string {
  if (!collisions) return '';
  return `. FLAGGED: ${countOf(collisions.patientKeys, 'patient key')} and ${countOf(collisions.caseIds, 'record id')} are also in packages of ${collisions.departments.join(', ')}`;
}

function toKey(row: HubKeyRow): HubApiKey {
  return {
    _id: row.id,
    departmentId: row.departmentId,
    label: row.label,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

function toHubPackage(row: HubPackageRow): HubPackage {
  return {
    _id: row.id,
    uploadId: row.uploadId,
    departmentId: row.departmentId,
    submissionId: row.submissionId,
    version: row.version,
    fileName: row.fileName,
    sha256: row.sha256,
    size: row.size,
    startDate: row.startDate,
    endDate: row.endDate,
    numOfCases: row.numOfCases,
    dataDictionaryVersion: row.dataDictionaryVersion,
    verification: row.verification,
    receivedAt: row.receivedAt.toISOString(),
    supersededAt: row.supersededAt?.toISOString() ?? null,
    changes: row.changes ?? null,
  };
}
