import { Injectable } from '@nestjs/common';
import type { FieldError, HistoryEntry, Paged, Patient, PatientCounts, PatientListItem } from '@pnss/libs/api';
import { calendarDateOf, formatCalendarDate, parseCalendarDate } from '@pnss/libs/derived';
import { validatePatient } from '@pnss/libs/validation';
import { badField, CommonErrorCode, commonError } from '../../common/errors/common.errors.js';
import { pageWindow } from '../../common/paging/page-query.dto.js';
import { DatabaseService, type Executor } from '../../database/database.service.js';
import { photoProblem } from '../accounts/account.policies.js';
import { type AuditActor, AuditService } from '../audit/audit.service.js';
import { diffChanges } from '../audit/diff-changes.js';
import type { ListQueryDto, PatientListQueryDto } from './dto/list-query.dto.js';
import type { PatientDto } from './dto/patient.dto.js';
import { PatientsErrorCode, patientsError } from './patients.errors.js';
import {
  type PatientChanges, type PatientListRow, type PatientRow, type PatientViewRow, PatientsRepository,
} from './patients.repository.js';

/** The avatar is an image: the audit log records that it changed, never its bytes. */
const AUDITED = { redact: ['avatar'] } as const;

/** Today as the server's clock reads it, in UTC ('YYYY-MM-DD'): the rules never read a clock themselves. */
export function serverToday(): string {
  return calendarDateOf(new Date());
}

/** 'YYYY-MM-DD' for a date the DTO already accepted (a full ISO instant is cut to its UTC date). */
export function toCalendarDate(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const t = parseCalendarDate(value);
  return t === null ? null : formatCalendarDate(t);
}

/** What both lists (patients and cases) hand their repository: the query, its dates as calendar days. */
export function listFilter<Tag, Cases>(query: ListQueryDto & { tag?: Tag; cases?: Cases }) {
  return {
    search: query.search,
    tag: query.tag,
    cases: query.cases,
    fromdate: toCalendarDate(query.fromdate) ?? undefined,
    todate: toCalendarDate(query.todate) ?? undefined,
  };
}

@Injectable()
export class PatientsService {
  constructor(
    private readonly repository: PatientsRepository,
    private readonly database: DatabaseService,
    private readonly audit: AuditService,
  ) {}

  async list(query: PatientListQueryDto): Promise<Paged<PatientListItem>> {
    const { page, limit, skip } = pageWindow(query.page ?? query.offset);
    const { rows, count } = await this.repository.page(listFilter(query), limit, skip);
    return { items: rows.map(toListItem), count, offset: page };
  }

  async get(patientId: string): Promise<Patient> {
    return toPatient(await this.requireView(patientId));
  }

  async create(actor: AuditActor, dto: PatientDto): Promise<Patient> {
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
    const row = await this.database.transaction(async (tx) => {
      const created = await this.repository.insert(tx, { ...values, createdBy: actor.id, updatedBy: actor.id });
      await this.audit.record(tx, {
        actor, entity: 'patient', entityId: created.id, action: 'create', changes: diffChanges(null, audited(created), AUDITED),
      });
      return created;
    });
    return toPatient({ ...row, hasOpenCase: false, isAdmitted: false });
  }

  /** Only the fields sent change. A `version` that is not the stored one is a 409 carrying the newer patient. */
  async update(actor: AuditActor, patientId: string, dto: PatientDto): Promise<Patient> {
    for (const field of ['_id', 'patientid'] as const) {
      const sent = dto[field];
      if (sent && sent.toLowerCase() !== patientId) throw badField(field, `${field} does not match the patient of the address`);
    }
    const current = await this.requireView(patientId);
    if (dto.version !== undefined && dto.version !== current.version) {
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

  /**
   * For the case-information screen, in the caller's transaction: a patient known by birth date
   * alone until the patient form names them.
   */
  async createForCase(tx: Executor, actor: AuditActor, values: Pick<PatientRow, 'birthDate' | 'pediatricConfirmed'>): Promise<PatientRow> {
    const created = await this.repository.insert(tx, { ...values, createdBy: actor.id, updatedBy: actor.id });
    await this.audit.record(tx, {
      actor, entity: 'patient', entityId: created.id, action: 'create', changes: diffChanges(null, audited(created), AUDITED),
    });
    return created;
  }

  /** For the case-information screen, in the caller's transaction: the birth date and its pediatric confirmation. */
  async updateForCase(
    tx: Executor,
    actor: AuditActor,
    current: PatientRow,
    values: Pick<PatientRow, 'birthDate' | 'pediatricConfirmed'>,
  ): Promise<PatientRow> {
    const changes = diffChanges(audited(current), values, AUDITED);
    if (changes.length === 0) return current;
    const row = await this.repository.updateIfVersion(tx, current.id, current.version, values, actor.id);
    if (!row) throw await this.changedError(current.id, tx);
    await this.audit.record(tx, { actor, entity: 'patient', entityId: current.id, action: 'update', changes });
    return row;
  }

  private async requireView(patientId: string, executor?: Executor): Promise<PatientViewRow> {
    const row = await this.repository.findView(patientId, executor);
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
      if (problem) errors.push({ ...problem, field: 'avatar' });
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

function audited(row: PatientChanges): Record<string, unknown> {
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

/** SPEC.md §3 Patient; `patientid` is the record id, as the routes name it. */
export function toPatient(row: PatientViewRow): Patient {
  return {
    _id: row.id,
    patientid: row.id,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    avatar: row.avatar,
    birthDate: row.birthDate,
    pediatricConfirmed: row.pediatricConfirmed,
    hasOpenCase: row.hasOpenCase,
    isAdmitted: row.isAdmitted,
    medicalHistory: row.medicalHistory,
    obstetricHistory: row.obstetricHistory,
    version: row.version,
  };
}

/** Lists leave the avatar out (null): a page of photos would weigh megabytes. */
function toListItem(row: PatientListRow): PatientListItem {
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
