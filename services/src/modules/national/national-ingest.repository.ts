import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { IngestState } from '@pnss/libs/api';
import type { NationalFactsSet } from '@pnss/libs/reports';
import { DatabaseService, type Executor, type Transaction } from '../../database/database.service.js';
import { nationalCases, nationalIngest, nationalSubmissions } from '../../database/national.schema.js';
import { hubPackages } from '../../database/submissions.schema.js';

export type IngestRow = typeof nationalIngest.$inferSelect;

/** A received package as the ingest reads it. */
export interface IngestPackage {
  id: string;
  departmentId: string;
  submissionId: string;
  version: number;
  dataDictionaryVersion: string;
  numOfCases: number;
  receivedAt: Date;
  /** When a later version of the submission replaced this one at the hub (issue 30): its cases are gone, it counts nothing. */
  supersededAt: Date | null;
}

const CASE_BATCH = 5000;
const INFANT_BATCH = 5000;

/** All SQL of the national ingest: its bookkeeping and the replacement of a submission's facts. */
@Injectable()
export class NationalIngestRepository {
  constructor(private readonly database: DatabaseService) {}

  /** The ingest owed for a received package (in the transaction that makes it received); nothing when recorded before. */
  async record(tx: Executor, pkg: Pick<IngestPackage, 'id' | 'departmentId' | 'submissionId' | 'version'>): Promise<void> {
    await tx.insert(nationalIngest)
      .values({ hubPackageId: pkg.id, departmentId: pkg.departmentId, submissionId: pkg.submissionId, version: pkg.version })
      .onConflictDoNothing();
  }

  /** Received packages with no ingest recorded (received before the national tables existed): recorded now, 'queued'. */
  async recordMissing(): Promise<number> {
    const rows = await this.database.db.insert(nationalIngest)
      .select(
        this.database.db.select({
          hubPackageId: hubPackages.id, departmentId: hubPackages.departmentId, submissionId: hubPackages.submissionId, version: hubPackages.version,
          state: sql<IngestState>`'queued'`.as('state'), attempts: sql<number>`0`.as('attempts'), reason: sql<string | null>`null`.as('reason'),
          queuedAt: sql<Date>`now()`.as('queued_at'), ingestedAt: sql<Date | null>`null`.as('ingested_at'),
          factCases: sql<number>`0`.as('fact_cases'), factInfants: sql<number>`0`.as('fact_infants'),
        })
          .from(hubPackages)
          .where(and(eq(hubPackages.state, 'received'), notExists(
            this.database.db.select({ one: sql`1` }).from(nationalIngest).where(eq(nationalIngest.hubPackageId, hubPackages.id)),
          ))),
      )
      .onConflictDoNothing()
      .returning({ id: nationalIngest.hubPackageId });
    return rows.length;
  }

  /** Packages whose ingest is owed: queued, retrying, or left active by a stopped server. */
  async owed(): Promise<string[]> {
    const rows = await this.database.db.select({ id: nationalIngest.hubPackageId }).from(nationalIngest)
      .where(inArray(nationalIngest.state, ['queued', 'retrying', 'active']))
      .orderBy(nationalIngest.queuedAt);
    return rows.map((r) => r.id);
  }

  async find(id: string): Promise<IngestRow | null> {
    const [row] = await this.database.db.select().from(nationalIngest).where(eq(nationalIngest.hubPackageId, id)).limit(1);
    return row ?? null;
  }

  async packageOf(id: string): Promise<IngestPackage | null> {
    const [row] = await this.database.db.select({
      id: hubPackages.id, departmentId: hubPackages.departmentId, submissionId: hubPackages.submissionId, version: hubPackages.version,
      dataDictionaryVersion: hubPackages.dataDictionaryVersion, numOfCases: hubPackages.numOfCases, receivedAt: hubPackages.receivedAt,
      supersededAt: hubPackages.supersededAt,
    }).from(hubPackages).where(and(eq(hubPackages.id, id), eq(hubPackages.state, 'received'))).limit(1);
    return row ?? null;
  }

  /** The file of a received package (the bytes the department sent) with its SHA-256 as received: its cases are read from it. */
  async fileOf(id: string): Promise<{ content: Uint8Array; sha256: string } | null> {
    const [row] = await this.database.db.select({ content: hubPackages.content, sha256: hubPackages.sha256 }).from(hubPackages)
      .where(and(eq(hubPackages.id, id), eq(hubPackages.state, 'received'))).limit(1);
    return row ?? null;
  }

  async setState(id: string, values: Partial<Pick<IngestRow, 'state' | 'reason' | 'attempts'>>): Promise<void> {
    await this.database.db.update(nationalIngest).set(values).where(eq(nationalIngest.hubPackageId, id));
  }

  /** Marks the ingest active and counts the attempt; the attempts made, with this one. */
  async begin(id: string): Promise<number> {
    const [row] = await this.database.db.update(nationalIngest)
      .set({ state: 'active', attempts: sql`${nationalIngest.attempts} + 1` })
      .where(eq(nationalIngest.hubPackageId, id))
      .returning({ attempts: nationalIngest.attempts });
    return row?.attempts ?? 0;
  }

  /** Held packages go back to the queue (after the hub is upgraded); the ids queued again. */
  async requeue(id: string): Promise<IngestRow | null> {
    const [row] = await this.database.db.update(nationalIngest)
      .set({ state: 'queued', reason: null, queuedAt: new Date() })
      .where(and(eq(nationalIngest.hubPackageId, id), inArray(nationalIngest.state, ['held', 'retrying', 'queued'])))
      .returning();
    return row ?? null;
  }

  /**
   * Replaces the facts of the package's submission by `facts`, in `tx`, under a lock on the
   * submission: nothing when this package is already the one counted (the same package twice), or
   * when a later version is counted (this one is superseded). Cases of the department that another
   * submission had counted move to this one, so no case is counted twice.
   */
  async replaceSubmission(tx: Transaction, pkg: IngestPackage, derivation: number, facts: readonly NationalFactsSet[]): Promise<'ingested' | 'unchanged' | 'superseded'> {
    // One ingest of a department at a time: a case may move between its submissions, and the
    // department's monthly counts are counted again below from what the facts hold once it is written.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`national:${pkg.departmentId}`}))`);
    const [current] = await tx.select().from(nationalSubmissions)
      .where(and(eq(nationalSubmissions.departmentId, pkg.departmentId), eq(nationalSubmissions.submissionId, pkg.submissionId)))
      .for('update');
    if (current && current.hubPackageId === pkg.id) return 'unchanged';
    if (current && current.version > pkg.version) return 'superseded';

    // The months whose counts change: those the submission counted, those of cases moving here, those of its new facts.
    const months = new Set<string | null>(facts.map(({ facts: f }) => f.dischargeMonth));
    const previous = (await tx.execute(sql`
      select distinct discharge_month as month from national_cases where department_id = ${pkg.departmentId} and submission_id = ${pkg.submissionId}`)) as unknown as { rows: Array<{ month: string | null }> };
    for (const row of previous.rows) months.add(row.month);
    await tx.delete(nationalCases).where(and(eq(nationalCases.departmentId, pkg.departmentId), eq(nationalCases.submissionId, pkg.submissionId)));
    // Set-based writes: each batch is one JSON parameter that the database unpacks (jsonb_to_recordset),
    // so a package of 10,000 cases is a few statements, not a statement per row built in JavaScript.
    for (let start = 0; start < facts.length; start += CASE_BATCH) {
      const rows = facts.slice(start, start + CASE_BATCH).map(({ facts: f }) => ({
        patient_key: f.patientKey, case_id: f.caseId, discharge_month: f.dischargeMonth, is_obstetric: f.isObstetric, is_gyne: f.isGyne,
        robson_segment: f.robsonSegment, is_caesarean: f.isCaesarean, is_maternal_death: f.isMaternalDeath, icd_mm_segment: f.icdMmSegment,
        counts_in_ratio: f.countsInRatio, death_timing_segment: f.deathTimingSegment,
      }));
      const batch = JSON.stringify(rows);
      // A case another submission of the department counted moves here, with its infants.
      const moved = (await tx.execute(sql`
        delete from national_cases c using jsonb_to_recordset(${batch}::jsonb) as r(patient_key text, case_id text)
        where c.department_id = ${pkg.departmentId} and c.patient_key = r.patient_key and c.case_id = r.case_id
        returning c.discharge_month as month`)) as unknown as { rows: Array<{ month: string | null }> };
      for (const row of moved.rows) months.add(row.month);
      await tx.execute(sql`
        insert into national_cases (department_id, patient_key, case_id, submission_id, hub_package_id, version, derivation, discharge_month,
          is_obstetric, is_gyne, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment, counts_in_ratio, death_timing_segment)
        select ${pkg.departmentId}, r.patient_key, r.case_id, ${pkg.submissionId}, ${pkg.id}::uuid, ${pkg.version}, ${derivation}, r.discharge_month,
          r.is_obstetric, r.is_gyne, r.robson_segment, r.is_caesarean, r.is_maternal_death, r.icd_mm_segment, r.counts_in_ratio, r.death_timing_segment
        from jsonb_to_recordset(${batch}::jsonb) as r(patient_key text, case_id text, discharge_month text, is_obstetric boolean, is_gyne boolean,
          robson_segment text, is_caesarean boolean, is_maternal_death boolean, icd_mm_segment text, counts_in_ratio boolean, death_timing_segment text)`);
    }
    const infants = facts.flatMap(({ facts: f, infants: list }) => list.map((i) => ({
      patient_key: f.patientKey, case_id: f.caseId, position: i.position, discharge_month: f.dischargeMonth, is_obstetric: f.isObstetric,
      status: i.status, weight: i.weight, is_live_born: i.isLiveBorn, is_stillbirth: i.isStillbirth, is_early_neonatal_death: i.isEarlyNeonatalDeath,
      is_neonatal_death: i.isNeonatalDeath, gestation_min: i.gestationMin, gestation_max: i.gestationMax,
    })));
    for (let start = 0; start < infants.length; start += INFANT_BATCH) {
      await tx.execute(sql`
        insert into national_infants (department_id, patient_key, case_id, position, discharge_month, is_obstetric, status, weight, is_live_born,
          is_stillbirth, is_early_neonatal_death, is_neonatal_death, gestation_min, gestation_max)
        select ${pkg.departmentId}, r.patient_key, r.case_id, r.position, r.discharge_month, r.is_obstetric, r.status, r.weight, r.is_live_born,
          r.is_stillbirth, r.is_early_neonatal_death, r.is_neonatal_death, r.gestation_min, r.gestation_max
        from jsonb_to_recordset(${JSON.stringify(infants.slice(start, start + INFANT_BATCH))}::jsonb) as r(patient_key text, case_id text, position smallint,
          discharge_month text, is_obstetric boolean, status smallint, weight integer, is_live_born boolean, is_stillbirth boolean,
          is_early_neonatal_death boolean, is_neonatal_death boolean, gestation_min smallint, gestation_max smallint)`);
    }

    await this.recount(tx, pkg.departmentId, [...months]);

    await tx.insert(nationalSubmissions)
      .values({ departmentId: pkg.departmentId, submissionId: pkg.submissionId, hubPackageId: pkg.id, version: pkg.version, ingestedAt: new Date() })
      .onConflictDoUpdate({
        target: [nationalSubmissions.departmentId, nationalSubmissions.submissionId],
        set: { hubPackageId: pkg.id, version: pkg.version, ingestedAt: new Date() },
      });
    await tx.update(nationalIngest).set({ state: 'superseded', reason: null, factCases: 0, factInfants: 0 })
      .where(and(
        eq(nationalIngest.departmentId, pkg.departmentId), eq(nationalIngest.submissionId, pkg.submissionId),
        lt(nationalIngest.version, pkg.version), inArray(nationalIngest.state, ['ingested', 'queued', 'retrying', 'held']),
      ));
    return 'ingested';
  }

  /**
   * The department's counts of these months (national_case_counts, national_birth_counts; migration
   * 0027), counted again from its facts: what every national view reads, so a period is a few
   * thousand rows rather than its cases; then each month's cases and the yearly level of their years
   * (migration 0028), from those counts. Runs under the department's lock, after its facts are written.
   */
  private async recount(tx: Transaction, departmentId: string, months: ReadonlyArray<string | null>): Promise<void> {
    const named = JSON.stringify(months.filter((m): m is string => m !== null));
    const withNull = months.includes(null);
    const inMonths = sql`(discharge_month in (select jsonb_array_elements_text(${named}::jsonb)) or (${withNull} and discharge_month is null))`;
    await tx.execute(sql`delete from national_case_counts where department_id = ${departmentId} and ${inMonths}`);
    await tx.execute(sql`
      insert into national_case_counts (department_id, discharge_month, is_obstetric, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment,
        death_timing_segment, n)
      select department_id, discharge_month, is_obstetric, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment, death_timing_segment, count(*)::int
      from national_cases where department_id = ${departmentId} and ${inMonths}
      group by 1, 2, 3, 4, 5, 6, 7, 8`);
    await tx.execute(sql`delete from national_birth_counts where department_id = ${departmentId} and ${inMonths}`);
    // The births the figures count: an obstetric case's infants, a stillbirth with its weight and gestation (libs countBirths applies the threshold).
    await tx.execute(sql`
      insert into national_birth_counts (department_id, discharge_month, status, weight, gestation_min, gestation_max, n)
      select department_id, discharge_month, status, case when is_stillbirth then weight end, case when is_stillbirth then gestation_min end,
             case when is_stillbirth then gestation_max end, count(*)::int
      from national_infants where is_obstetric and department_id = ${departmentId} and ${inMonths}
      group by 1, 2, 3, 4, 5, 6`);
    // Each of these months' cases (migration 0028), from the counts just written.
    await tx.execute(sql`delete from national_month_cases where department_id = ${departmentId} and ${inMonths}`);
    await tx.execute(sql`
      insert into national_month_cases (department_id, discharge_month, cases, obstetric)
      select department_id, discharge_month, sum(n)::int, coalesce(sum(n) filter (where is_obstetric), 0)::int
      from national_case_counts where department_id = ${departmentId} and ${inMonths}
      group by 1, 2`);
    // The yearly level of the touched years (migration 0028): the sums of those years' monthly counts, counted again whole.
    const years = JSON.stringify([...new Set(months.filter((m): m is string => m !== null).map((m) => m.slice(0, 4)))]);
    const inYears = sql`discharge_year in (select jsonb_array_elements_text(${years}::jsonb))`;
    const ofYears = sql`discharge_month is not null and left(discharge_month, 4) in (select jsonb_array_elements_text(${years}::jsonb))`;
    await tx.execute(sql`delete from national_case_counts_yearly where department_id = ${departmentId} and ${inYears}`);
    await tx.execute(sql`
      insert into national_case_counts_yearly (department_id, discharge_year, is_obstetric, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment,
        death_timing_segment, n)
      select department_id, left(discharge_month, 4), is_obstetric, robson_segment, is_caesarean, is_maternal_death, icd_mm_segment, death_timing_segment, sum(n)::int
      from national_case_counts where department_id = ${departmentId} and ${ofYears}
      group by 1, 2, 3, 4, 5, 6, 7, 8`);
    await tx.execute(sql`delete from national_birth_counts_yearly where department_id = ${departmentId} and ${inYears}`);
    await tx.execute(sql`
      insert into national_birth_counts_yearly (department_id, discharge_year, status, weight, gestation_min, gestation_max, n)
      select department_id, left(discharge_month, 4), status, weight, gestation_min, gestation_max, sum(n)::int
      from national_birth_counts where department_id = ${departmentId} and ${ofYears}
      group by 1, 2, 3, 4, 5, 6`);
  }

  async finish(tx: Executor, id: string, values: { state: IngestState; reason: string | null; factCases: number; factInfants: number }): Promise<void> {
    await tx.update(nationalIngest).set({ ...values, ingestedAt: values.state === 'ingested' ? new Date() : null }).where(eq(nationalIngest.hubPackageId, id));
  }

  /** The ingest list, newest first, with the total of each state. */
  async page(filter: { state?: IngestState; departmentId?: string }, limit: number, skip: number) {
    const where = and(
      filter.state ? eq(nationalIngest.state, filter.state) : undefined,
      filter.departmentId ? eq(nationalIngest.departmentId, filter.departmentId) : undefined,
    );
    const rows = await this.database.db.select({
      ingest: nationalIngest, numOfCases: hubPackages.numOfCases, dataDictionaryVersion: hubPackages.dataDictionaryVersion, receivedAt: hubPackages.receivedAt,
    }).from(nationalIngest).innerJoin(hubPackages, eq(hubPackages.id, nationalIngest.hubPackageId))
      .where(where).orderBy(desc(nationalIngest.queuedAt), desc(nationalIngest.hubPackageId)).limit(limit).offset(skip);
    const [total] = await this.database.db.select({ n: count() }).from(nationalIngest).where(where);
    const states = await this.database.db.select({ state: nationalIngest.state, n: count() }).from(nationalIngest).groupBy(nationalIngest.state);
    return { rows, count: total.n, states };
  }
}
