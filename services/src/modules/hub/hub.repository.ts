import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../../database/database.service.js';
import { hubApiKeys, hubPackageCases, hubPackages } from '../../database/submissions.schema.js';

export type HubKeyRow = typeof hubApiKeys.$inferSelect;
export type HubPackageRow = Omit<typeof hubPackages.$inferSelect, 'content'>;

const PACKAGE_COLUMNS = {
  id: hubPackages.id,
  uploadId: hubPackages.uploadId,
  departmentId: hubPackages.departmentId,
  submissionId: hubPackages.submissionId,
  version: hubPackages.version,
  fileName: hubPackages.fileName,
  sha256: hubPackages.sha256,
  size: hubPackages.size,
  startDate: hubPackages.startDate,
  endDate: hubPackages.endDate,
  numOfCases: hubPackages.numOfCases,
  dataDictionaryVersion: hubPackages.dataDictionaryVersion,
  manifest: hubPackages.manifest,
  verification: hubPackages.verification,
  apiKeyId: hubPackages.apiKeyId,
  receivedAt: hubPackages.receivedAt,
};

/** All SQL of the society's hub. */
@Injectable()
export class HubRepository {
  constructor(private readonly database: DatabaseService) {}

  async insertKey(tx: Executor, values: typeof hubApiKeys.$inferInsert): Promise<HubKeyRow> {
    const [row] = await tx.insert(hubApiKeys).values(values).returning();
    return row;
  }

  listKeys(): Promise<HubKeyRow[]> {
    return this.database.db.select().from(hubApiKeys).orderBy(asc(hubApiKeys.departmentId), desc(hubApiKeys.createdAt));
  }

  async findKey(id: string): Promise<HubKeyRow | null> {
    const [row] = await this.database.db.select().from(hubApiKeys).where(eq(hubApiKeys.id, id)).limit(1);
    return row ?? null;
  }

  async liveKeyByHash(keyHash: string): Promise<HubKeyRow | null> {
    const [row] = await this.database.db
      .select()
      .from(hubApiKeys)
      .where(and(eq(hubApiKeys.keyHash, keyHash), isNull(hubApiKeys.revokedAt)))
      .limit(1);
    return row ?? null;
  }

  async revokeKey(tx: Executor, id: string): Promise<HubKeyRow | null> {
    const [row] = await tx
      .update(hubApiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(hubApiKeys.id, id), isNull(hubApiKeys.revokedAt)))
      .returning();
    return row ?? null;
  }

  async touchKey(tx: Executor, id: string): Promise<void> {
    await tx.update(hubApiKeys).set({ lastUsedAt: new Date() }).where(eq(hubApiKeys.id, id));
  }

  async findVersion(departmentId: string, submissionId: string, version: number): Promise<HubPackageRow | null> {
    const [row] = await this.database.db
      .select(PACKAGE_COLUMNS)
      .from(hubPackages)
      .where(and(eq(hubPackages.departmentId, departmentId), eq(hubPackages.submissionId, submissionId), eq(hubPackages.version, version)))
      .limit(1);
    return row ?? null;
  }

  async insertPackage(
    tx: Executor,
    values: typeof hubPackages.$inferInsert,
    cases: Array<Omit<typeof hubPackageCases.$inferInsert, 'hubPackageId'>>,
  ): Promise<HubPackageRow> {
    const [row] = await tx.insert(hubPackages).values(values).returning(PACKAGE_COLUMNS);
    for (let i = 0; i < cases.length; i += 500) {
      await tx.insert(hubPackageCases).values(cases.slice(i, i + 500).map((c) => ({ ...c, hubPackageId: row.id })));
    }
    return row;
  }

  async packagesPage(departmentId: string | null, limit: number, skip: number): Promise<{ rows: HubPackageRow[]; count: number }> {
    const where = departmentId ? eq(hubPackages.departmentId, departmentId) : undefined;
    const rows = await this.database.db
      .select(PACKAGE_COLUMNS)
      .from(hubPackages)
      .where(where)
      .orderBy(asc(hubPackages.departmentId), desc(hubPackages.receivedAt), desc(hubPackages.id))
      .limit(limit)
      .offset(skip);
    const [total] = await this.database.db.select({ n: count() }).from(hubPackages).where(where);
    return { rows, count: total.n };
  }

  async caseCount(hubPackageId: string): Promise<number> {
    const [row] = await this.database.db.select({ n: count() }).from(hubPackageCases).where(eq(hubPackageCases.hubPackageId, hubPackageId));
    return row.n;
  }
}
