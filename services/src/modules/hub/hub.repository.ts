import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../../database/database.service.js';
import type { PackagedCase } from '@pnss/libs/submissions';
import { type HubCollisions, type VersionChanges, hubApiKeys, hubPackageCases, hubPackages } from '../../database/submissions.schema.js';

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
  state: hubPackages.state,
  collisions: hubPackages.collisions,
  supersededAt: hubPackages.supersededAt,
  changes: hubPackages.changes,
};

const RECEIVED = eq(hubPackages.state, 'received');

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

  /** The package's row, 'receiving': its cases follow in batches (insertCases), and no list shows it yet. */
  async stagePackage(values: Omit<typeof hubPackages.$inferInsert, 'state'>): Promise<HubPackageRow> {
    const [row] = await this.database.db.insert(hubPackages).values({ ...values, state: 'receiving' }).returning(PACKAGE_COLUMNS);
    return row;
  }

  /**
   * One batch of a staged package's cases: one INSERT, its own short transaction, so other work goes
   * on between batches. Each case's keys only (record id, patient key, case types, month of
   * discharge), as one JSON parameter the database takes the columns from: the case's values stay in
   * the package's ZIP (`content`), which whatever reads them reads (common/packages/stored-cases.ts). Storing each
   * case's 3 KB of jsonb as well was most of a 10,000-case upload's time (30 MB parsed and written).
   */
  async insertCases(hubPackageId: string, cases: ReadonlyArray<Pick<PackagedCase, 'caseId' | 'patientKey' | 'caseTypes' | 'dischargeMonth'>>): Promise<void> {
    if (cases.length === 0) return;
    const rows = JSON.stringify(cases.map((c) => ({ case_id: c.caseId, patient_key: c.patientKey, case_types: c.caseTypes, discharge_month: c.dischargeMonth })));
    await this.database.db.execute(sql`
      insert into ${hubPackageCases} (hub_package_id, case_id, patient_key, case_types, discharge_month)
      select ${hubPackageId}::uuid, r.case_id, r.patient_key, r.case_types, r.discharge_month
      from jsonb_to_recordset(${rows}::jsonb) as r(case_id text, patient_key text, case_types jsonb, discharge_month text)`);
  }

  /**
   * How many of a package's patient keys and record ids are in received packages of other
   * departments, and which: keyed hashes differ between departments, so a shared key means the
   * same department's data sent twice under two ids.
   */
  async collisionsOf(hubPackageId: string, departmentId: string): Promise<HubCollisions | null> {
    const result = (await this.database.db.execute(sql`
      with mine as (select patient_key, case_id from ${hubPackageCases} where hub_package_id = ${hubPackageId})
      select 'patient' as kind, p.department_id, count(distinct c.patient_key)::int as n
        from ${hubPackageCases} c join ${hubPackages} p on p.id = c.hub_package_id
        where p.state = 'received' and p.department_id <> ${departmentId} and c.patient_key in (select patient_key from mine)
        group by p.department_id
      union all
      select 'case' as kind, p.department_id, count(distinct c.case_id)::int as n
        from ${hubPackageCases} c join ${hubPackages} p on p.id = c.hub_package_id
        where p.state = 'received' and p.department_id <> ${departmentId} and c.case_id in (select case_id from mine)
        group by p.department_id`)) as { rows: Array<{ kind: string; department_id: string; n: number }> };
    const list = result.rows;
    if (list.length === 0) return null;
    const total = (kind: string) => list.filter((r) => r.kind === kind).reduce((sum, r) => sum + Number(r.n), 0);
    return { patientKeys: total('patient'), caseIds: total('case'), departments: [...new Set(list.map((r) => r.department_id))].sort() };
  }

  /** The package verified: it becomes 'received' (listed) with its summary and flags, in the caller's transaction. */
  async completePackage(tx: Executor, id: string, values: { verification: string; collisions: HubCollisions | null }): Promise<HubPackageRow> {
    const [row] = await tx.update(hubPackages).set({ ...values, state: 'received' }).where(eq(hubPackages.id, id)).returning(PACKAGE_COLUMNS);
    return row;
  }

  /**
   * Issue 30: the latest version of a submission replaces the earlier ones, in the caller's
   * transaction (the one that completes `pkg`). The earlier current version's cases leave
   * hub_package_cases, so every national figure counts the latest version only; its row and file
   * stay, marked superseded. `pkg` records what it changed against that version, by record key
   * (`changesAgainst`, given the earlier version's id). A version that arrives after a later one is
   * superseded at once. Answers `pkg` as it now is.
   */
  async replaceEarlierVersions(tx: Executor, pkg: HubPackageRow, changesAgainst: (earlierId: string) => Promise<VersionChanges>): Promise<HubPackageRow> {
    const same = and(eq(hubPackages.departmentId, pkg.departmentId), eq(hubPackages.submissionId, pkg.submissionId), RECEIVED);
    // Locks the submission's versions: two versions completing at once are applied one after the other.
    const versions = await tx
      .select({ id: hubPackages.id, version: hubPackages.version, supersededAt: hubPackages.supersededAt })
      .from(hubPackages)
      .where(same)
      .orderBy(desc(hubPackages.version))
      .for('update');
    const now = new Date();
    const current = versions.filter((v) => v.id !== pkg.id && v.supersededAt === null);
    if (current.some((v) => v.version > pkg.version)) {
      await tx.delete(hubPackageCases).where(eq(hubPackageCases.hubPackageId, pkg.id));
      const [late] = await tx.update(hubPackages).set({ supersededAt: now }).where(eq(hubPackages.id, pkg.id)).returning(PACKAGE_COLUMNS);
      return late;
    }
    if (current.length === 0) return pkg;
    const changes = await changesAgainst(current[0].id);
    const earlier = current.map((v) => v.id);
    await tx.delete(hubPackageCases).where(inArray(hubPackageCases.hubPackageId, earlier));
    await tx.update(hubPackages).set({ supersededAt: now }).where(inArray(hubPackages.id, earlier));
    const [row] = await tx.update(hubPackages).set({ changes }).where(eq(hubPackages.id, pkg.id)).returning(PACKAGE_COLUMNS);
    return row;
  }

  /** A refused or failed package's staged row, and with it (cascade) its cases. */
  async dropStaged(id: string): Promise<void> {
    await this.database.db.delete(hubPackages).where(and(eq(hubPackages.id, id), eq(hubPackages.state, 'receiving')));
  }

  /** Staged packages older than `before`: what a crash or a kill left half written. */
  async dropStagedBefore(before: Date): Promise<number> {
    const dropped = await this.database.db
      .delete(hubPackages)
      .where(and(eq(hubPackages.state, 'receiving'), lt(hubPackages.receivedAt, before)))
      .returning({ id: hubPackages.id });
    return dropped.length;
  }

  async packagesPage(departmentId: string | null, limit: number, skip: number): Promise<{ rows: HubPackageRow[]; count: number }> {
    const where = departmentId ? and(RECEIVED, eq(hubPackages.departmentId, departmentId)) : RECEIVED;
    const rows = await this.database.db
      .select(PACKAGE_COLUMNS)
      .from(hubPackages)
      .where(where)
      .orderBy(asc(hubPackages.departmentId), asc(hubPackages.submissionId), desc(hubPackages.version), desc(hubPackages.receivedAt), desc(hubPackages.id))
      .limit(limit)
      .offset(skip);
    const [total] = await this.database.db.select({ n: count() }).from(hubPackages).where(where);
    return { rows, count: total.n };
  }

  /** A received (verified) package with the bytes the department sent, for its download; null when there is none. */
  async receivedFile(id: string, executor: Executor = this.database.db): Promise<{ uploadId: string; fileName: string; sha256: string; content: Uint8Array } | null> {
    const [row] = await executor
      .select({ uploadId: hubPackages.uploadId, fileName: hubPackages.fileName, sha256: hubPackages.sha256, content: hubPackages.content })
      .from(hubPackages)
      .where(and(RECEIVED, eq(hubPackages.id, id)))
      .limit(1);
    return row ?? null;
  }

  async caseCount(hubPackageId: string): Promise<number> {
    const [row] = await this.database.db.select({ n: count() }).from(hubPackageCases).where(eq(hubPackageCases.hubPackageId, hubPackageId));
    return row.n;
  }
}
