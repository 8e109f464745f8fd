import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { HubApiKey, HubPackage, HubPackagesResponse, HubReceipt, IssuedHubKey } from '@pnss/libs/api';
import { pageWindow } from '../../common/paging/page-query.dto.js';
import { APP_CONFIG, type AppConfig, censusConfigOf } from '../../config/app-config.js';
import { isUniqueViolation } from '../../database/database-errors.js';
import { DatabaseService } from '../../database/database.service.js';
import { type AuditActor, AuditService } from '../audit/audit.service.js';
import { HubErrorCode, hubError } from './hub.errors.js';
import { type HubKeyRow, type HubPackageRow, HubRepository } from './hub.repository.js';
import { verifyPackage } from './package-verifier.js';

const VERSION_KEY = 'hub_packages_version_key';

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

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
export class HubService {
  constructor(
    private readonly repository: HubRepository,
    private readonly database: DatabaseService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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

  /** Authenticates the department, verifies the package, and keeps it with its cases; nothing is kept when refused. */
  async receive(upload: Upload): Promise<{ receipt: HubReceipt; created: boolean }> {
    this.assertEnabled();
    const departmentId = upload.departmentId?.trim();
    const apiKey = upload.apiKey?.trim();
    if (!departmentId || !apiKey) throw hubError(HubErrorCode.CredentialsMissing);
    const key = await this.repository.liveKeyByHash(hashKey(apiKey));
    if (!key || key.departmentId !== departmentId) throw hubError(HubErrorCode.KeyRefused);
    const department: AuditActor = { id: null, username: `department:${departmentId}`, ip: upload.ip };

    const bytes = upload.body instanceof Uint8Array ? upload.body : null;
    if (!bytes || bytes.byteLength === 0) {
      throw hubError(HubErrorCode.PackageInvalid, [{ field: 'file', message: 'send the package ZIP as the body, Content-Type application/zip' }]);
    }
    const verification = verifyPackage(bytes, departmentId);
    if (!verification.ok) {
      await this.database.transaction((tx) =>
        this.audit.record(tx, {
          actor: department, entity: 'hub_package', entityId: upload.fileName ?? null, action: 'refuse',
          changes: verification.errors.slice(0, 5).map((e) => ({ field: e.field, old: null, new: e.message })),
        }),
      );
      throw hubError(HubErrorCode.PackageInvalid, verification.errors);
    }
    const { manifest, cases, summary } = verification;
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const duplicate = async (): Promise<{ receipt: HubReceipt; created: boolean } | null> => {
      const existing = await this.repository.findVersion(departmentId, manifest.submissionId, manifest.version);
      if (!existing) return null;
      if (existing.sha256 !== sha256) {
        throw hubError(HubErrorCode.VersionConflict, [{ field: 'manifest.json.version', message: `${manifest.submissionId} version ${manifest.version} was received before with other content` }]);
      }
      return { receipt: { uploadid: existing.uploadId, message: 'This package was already received', duplicate: true }, created: false };
    };
    const before = await duplicate();
    if (before) return before;

    try {
      const row = await this.database.transaction(async (tx) => {
        const inserted = await this.repository.insertPackage(
          tx,
          {
            uploadId: `U${Date.now().toString(36).toUpperCase()}-${randomBytes(4).toString('hex').toUpperCase()}`,
            departmentId,
            submissionId: manifest.submissionId,
            version: manifest.version,
            fileName: upload.fileName?.slice(0, 200) || `${manifest.submissionId}-v${manifest.version}.zip`,
            sha256,
            size: bytes.byteLength,
            startDate: manifest.startDate,
            endDate: manifest.endDate,
            numOfCases: manifest.numOfCases,
            dataDictionaryVersion: manifest.dataDictionaryVersion,
            manifest,
            verification: summary,
            content: bytes,
            apiKeyId: key.id,
          },
          cases.map((c) => ({
            caseId: c.caseId, patientKey: c.patientKey, caseTypes: c.caseTypes, dischargeMonth: c.dischargeMonth,
            data: c as unknown as Record<string, unknown>,
          })),
        );
        await this.repository.touchKey(tx, key.id);
        await this.audit.record(tx, {
          actor: department, entity: 'hub_package', entityId: inserted.uploadId, action: 'receive',
          changes: [
            { field: 'submissionId', old: null, new: manifest.submissionId },
            { field: 'version', old: null, new: manifest.version },
            { field: 'sha256', old: null, new: sha256 },
          ],
        });
        return inserted;
      });
      return { receipt: { uploadid: row.uploadId, message: 'Package received and verified', duplicate: false }, created: true };
    } catch (error) {
      if (isUniqueViolation(error, VERSION_KEY)) {
        const raced = await duplicate();
        if (raced) return raced;
      }
      throw error;
    }
  }
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
  };
}
