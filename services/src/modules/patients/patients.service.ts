import { Injectable } from '@nestjs/common';
import {
  type FieldError, type HistoryEntry, isSamePatient, type Patient, type PatientPage, type PatientCounts, type PatientDuplicates,
  type PatientListItem,
} from '@pnss/libs/api';
import { photoProblem, validatePatient } from '@pnss/libs/validation';
import { badField, CommonErrorCode, commonError } from '../../common/errors/common.errors.js';
import { serverToday, toCalendarDate } from '../../common/dates/server-today.js';
import { listFilter } from '../../common/paging/list-query.dto.js';
import { pagedList } from '../../common/paging/page-query.dto.js';
import { DatabaseService, type Executor } from '../../database/database.service.js';
import { type AuditActor, AuditService } from '../audit/audit.service.js';
import type { ReadAudit } from '../audit/read-audit.js';
import { IdempotencyService } from '../idempotency/idempotency.service.js';
import { diffChanges } from '../../common/records/diff-changes.js';
import type { PatientListQueryDto } from './dto/list-query.dto.js';
import type { PatientDto, PatientDuplicateQueryDto } from './dto/patient.dto.js';
import { PatientDuplicatesRepository } from './patient-duplicates.repository.js';
import { PatientsErrorCode, patientsError } from './patients.errors.js';
import {
  type PatientChanges, type PatientListRow, type PatientRow, type PatientViewRow, PatientsRepository,
} from './patients.repository.js';

/** The stored patient, as `require` answers it to the cases feature. */
export type { PatientRow } from './patients.repository.js';

/** The avatar is an image: the audit log records that it changed, never its bytes. */
const AUDITED = { redact: ['avatar'] } as const;

/**
 * What a feature that derives values from the patient's birth date does when it changes, in the
 * transaction of the change, with the patient as saved (the cases feature re-derives the age on
 * admission of her cases). Registered by that feature, which depends on this one, not the reverse.
 */
export type BirthDateChange = (tx: Executor, actor: AuditActor, patient: PatientRow) => Promise<void>;

@Injectable()
export class PatientsService {
  private readonly birthDateChanges: BirthDateChange[] = [];

  constructor(
    private readonly repository: PatientsRepository,
    private readonly duplicateRows: PatientDuplicatesRepository,
    private readonly database: DatabaseService,
    private readonly audit: AuditService,
    private readonly idempotency: IdempotencyService,
  ) {}

  /**
   * A page of the list; a search matching more than SEARCH_COUNT_CAP says so (`countCapped`) with the
   * cap as its count. With `audit`, the page's statement stores the read's audit row where it can (read-audit.ts).
   */
  async list(query: PatientListQueryDto, audit?: ReadAudit): Promise<PatientPage> {
    let capped = false;
    const page = await pagedList(query.page ?? query.offset, async (limit, skip) => {
      const found = await this.repository.page(listFilter(query), limit, skip, audit);
      capped = found.capped === true;
      return found;
    }, toListItem);
    return capped ? { ...page, countCapped: true } : page;
  }

  /**
   * The existing patients with the same first and last name (case and spacing ignored, libs
   * `isSamePatient`) and the same birth date: both patient creation forms ask before saving a new patient.
   */
  async duplicates(query: PatientDuplicateQueryDto): Promise<PatientDuplicates> {
    const birthDate = toCalendarDate(query.birthDate);
    if (!birthDate) return { items: [] };
    const candidate = { firstName: query.firstName, lastName: query.lastName ?? '', birthDate };
    const same = (await this.duplicateRows.bornOn(birthDate)).filter((row) => isSamePatient(row, candidate));
    const views = await Promise.all(same.map((row) => this.repository.findView(row.id)));
    return { items: views.filter((view): view is PatientViewRow => view !== null).map(toListItem) };
  }

  /** With the `audit` of a read, its statement may store the read's audit row (auditedRows). */
  async get(patientId: string, audit?: ReadAudit): Promise<Patient> {
    return toPatient(await this.requireView(patientId, undefined, audit));
  }

  /**
   * With an `idempotencyKey`, a copy of a create already made answers that patient as it is now and
   * creates nothing (issue 32: the offline queue replays a create whose answer was lost).
   */
  async create(actor: AuditActor, dto: PatientDto, idempotencyKey?: string): Promise<Patient> {
    const values: PatientChanges = {
      firstName: dto.firstName ?? '',
      middleName: dto.middleName || null,
      lastName: dto.lastName ?? '',
      avatar: dto.avatar || null,
      birthDate: toCalendarDate(dto.birthDate),
      pediatricConfirmed: dto.pediatricConfirmed ?? false,
      medicalHistory: toHistory(dto.medicalHistory),
      obstetricHistory: toHistory(dto.obstetricHistory),
    };
    this.assertValid(values);
    const request = this.idempotency.request(actor.id, idempotencyKey, 'POST /patients', values);
    const made = await this.database.transaction(async (tx) => {
      const earlier = request ? await this.idempotency.earlier(tx, request) : null;
      if (earlier) return { kind: 'earlier' as const, id: earlier };
      const created = await this.repository.insert(tx, { ...values, createdBy: actor.id, updatedBy: actor.id });
      await this.audit.record(tx, {
        actor, entity: 'patient', entityId: created.id, action: 'create', changes: diffChanges(null, audited(created), AUDITED),
      });
      if (request) await this.idempotency.remember(tx, request, created.id);
      return { kind: 'created' as const, created };
    });
    if (made.kind === 'earlier') return this.get(made.id);
    return toPatient({ ...made.created, hasOpenCase: false, isAdmitted: false });
  }

  /**
   * Only the fields sent change. `version` is required (issue 13 item 12): one that is not the stored
   * one is a 409 carrying the newer patient, so nobody overwrites a change they have not seen.
   */
  async update(actor: AuditActor, patientId: string, dto: PatientDto): Promise<Patient> {
    for (const field of ['_id', 'patientid'] as const) {
      const sent = dto[field];
      if (sent && sent.toLowerCase() !== patientId) throw badField(field, `${field} does not match the patient of the address`);
    }
    if (dto.version === undefined) {
      throw badField('version', 'version is required: send the version of the patient you opened');
    }
    const current = await this.requireView(patientId);
    if (dto.version !== current.version) {
      throw patientsError(PatientsErrorCode.PatientChanged, toPatient(current));
    }
    const next: PatientChanges = {
      firstName: dto.firstName ?? current.firstName,
      middleName: dto.middleName === undefined ? current.middleName : dto.middleName || null,
      lastName: dto.lastName === undefined ? current.lastName : (dto.lastName ?? ''),
      avatar: dto.avatar === undefined ? current.avatar : dto.avatar || null,
      birthDate: dto.birthDate === undefined ? current.birthDate : toCalendarDate(dto.birthDate),
      pediatricConfirmed: dto.pediatricConfirmed ?? current.pediatricConfirmed,
      medicalHistory: dto.medicalHistory === undefined ? current.medicalHistory : toHistory(dto.medicalHistory),
      obstetricHistory: dto.obstetricHistory === undefined ? current.obstetricHistory : toHistory(dto.obstetricHistory),
    };
    this.assertValid(next, dto.avatar !== undefined);
    const changes = diffChanges(audited(current), audited(next), AUDITED);
    if (changes.length === 0) return toPatient(current);

    const saved = await this.database.transaction(async (tx) => {
      const row = await this.repository.updateIfVersion(tx, patientId, current.version, next, actor.id);
      if (!row) throw await this.changedError(patientId, tx);
      await this.audit.record(tx, { actor, entity: 'patient', entityId: patientId, action: 'update', changes });
      await this.afterBirthDateChange(tx, actor, current, row);
      return this.repository.findView(patientId, tx);
    });
    if (!saved) throw patientsError(PatientsErrorCode.PatientNotFound);
    return toPatient(saved);
  }

  async counts(kind: 'all' | 'admitted' | 'opencase' | 'allcases'): Promise<Partial<PatientCounts>> {
    switch (kind) {
      case 'all':
        return { numOfPatients: await this.repository.countPatients() };
      case 'admitted':
        return { numOfAdmittedPatients: await this.repository.countPatientsWith('admitted') };
      case 'opencase':
        return { numOfPatientWithOpenCase: await this.repository.countPatientsWith('openCase') };
      case 'allcases': {
        const { all, open } = await this.repository.countCases();
        return { numOfCases: all, numOfOpenCases: open };
      }
    }
  }

  /** For the cases feature: the patient, or a 404. */
  async require(patientId: string, executor?: Executor): Promise<PatientRow> {
    const row = await this.repository.findById(patientId, executor);
    if (!row) throw patientsError(PatientsErrorCode.PatientNotFound);
    return row;
  }

  /** For the case-information screen, in the caller's transaction: the patient it names, with a birth date. */
  async createForCase(
    tx: Executor,
    actor: AuditActor,
    values: Pick<PatientRow, 'birthDate' | 'pediatricConfirmed' | 'firstName' | 'middleName' | 'lastName'>,
  ): Promise<PatientRow> {
    const created = await this.repository.insert(tx, { ...values, createdBy: actor.id, updatedBy: actor.id });
    await this.audit.record(tx, {
      actor, entity: 'patient', entityId: created.id, action: 'create', changes: diffChanges(null, audited(created), AUDITED),
    });
    return created;
  }

  /** For the case-information screen, in the caller's transaction: the name, the birth date and its pediatric confirmation. */
  async updateForCase(
    tx: Executor,
    actor: AuditActor,
    current: PatientRow,
    values: Pick<PatientRow, 'birthDate' | 'pediatricConfirmed' | 'firstName' | 'middleName' | 'lastName'>,
  ): Promise<PatientRow> {
    const changes = diffChanges(audited(current), values, AUDITED);
    if (changes.length === 0) return current;
    const row = await this.repository.updateIfVersion(tx, current.id, current.version, values, actor.id);
    if (!row) throw await this.changedError(current.id, tx);
    await this.audit.record(tx, { actor, entity: 'patient', entityId: current.id, action: 'update', changes });
    await this.afterBirthDateChange(tx, actor, current, row);
    return row;
  }

  /** Runs `change` in the transaction of every change of a patient's birth date, through either screen that edits it. */
  onBirthDateChange(change: BirthDateChange): void {
    this.birthDateChanges.push(change);
  }

  private async afterBirthDateChange(tx: Executor, actor: AuditActor, before: Pick<PatientRow, 'birthDate'>, after: PatientRow): Promise<void> {
    if (before.birthDate === after.birthDate) return;
    for (const change of this.birthDateChanges) await change(tx, actor, after);
  }

  private async requireView(patientId: string, executor?: Executor, audit?: ReadAudit): Promise<PatientViewRow> {
    const row = await this.repository.findView(patientId, executor, audit);
    if (!row) throw patientsError(PatientsErrorCode.PatientNotFound);
    return row;
  }

  private async changedError(patientId: string, executor: Executor) {
    const now = await this.repository.findView(patientId, executor);
    return now ? patientsError(PatientsErrorCode.PatientChanged, toPatient(now)) : patientsError(PatientsErrorCode.PatientNotFound);
  }

  /** The patient rules of @pnss/libs (SPEC.md §5), and the avatar when it was sent. */
  private assertValid(values: PatientChanges, checkAvatar = true): void {
    const errors: FieldError[] = validatePatient(values, { today: serverToday() });
    if (checkAvatar && values.avatar) {
      const problem = photoProblem(values.avatar);
      if (problem) errors.push({ field: 'avatar', message: problem });
    }
    if (errors.length > 0) throw commonError(CommonErrorCode.ValidationFailed, errors);
  }
}

function toHistory(entries: HistoryEntry[] | undefined): HistoryEntry[] {
  return (entries ?? []).map(({ conditionId, categoryId, others, procedureType }) => ({
    conditionId,
    categoryId,
    ...(others ? { others } : {}),
    ...(procedureType != null ? { procedureType } : {}),
  }));
}

type PatientField = 'firstName' | 'middleName' | 'lastName' | 'avatar' | 'birthDate' | 'pediatricConfirmed' | 'medicalHistory' | 'obstetricHistory';

/** The patient's own fields, those a save writes: what the API answers of them and what the audit log compares. */
function patientFields<Row extends PatientChanges>(row: Row): Pick<Row, PatientField> {
  return {
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    avatar: row.avatar,
    birthDate: row.birthDate,
    pediatricConfirmed: row.pediatricConfirmed,
    medicalHistory: row.medicalHistory,
    obstetricHistory: row.obstetricHistory,
  };
}

function audited(row: PatientChanges): Record<string, unknown> {
  return patientFields(row);
}

/** SPEC.md §3 Patient; `patientid` is the record id, as the routes name it. */
export function toPatient(row: PatientViewRow): Patient {
  return {
    _id: row.id,
    patientid: row.id,
    ...patientFields(row),
    hasOpenCase: row.hasOpenCase,
    isAdmitted: row.isAdmitted,
    version: row.version,
  };
}

/** Lists leave the avatar out (null): a page of photos would weigh megabytes. */
function toListItem(row: PatientListRow | PatientViewRow): PatientListItem {
  return {
    _id: row.id,
    patientid: row.id,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    avatar: null,
    birthDate: row.birthDate,
    hasOpenCase: row.hasOpenCase,
    isAdmitted: row.isAdmitted,
  };
}
