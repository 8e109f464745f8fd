import { Injectable } from '@nestjs/common';
import { emptyCaseForm } from '@pnss/libs/api';
import { PERMISSIONS, type PermissionName } from '@pnss/libs/permissions';
import { applyCaseChange } from '@pnss/libs/rules';
import { validateCaseInfo } from '@pnss/libs/validation';
import { badField, CommonErrorCode, commonError } from '../../common/errors/common.errors.js';
import { serverToday, toCalendarDate } from '../../common/dates/server-today.js';
import { isUuid } from '../../common/validation/parse-id.pipe.js';
import { DatabaseService } from '../../database/database.service.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { IdempotencyService } from '../idempotency/idempotency.service.js';
import { PatientsService, type PatientRow } from '../patients/patients.service.js';
import { toCaseForm } from '../../common/records/case-record.js';
import { CasesErrorCode, casesError } from './cases.errors.js';
import { CasesService } from './cases.service.js';
import type { CaseInfoDto } from './dto/case-info.dto.js';
import type { CaseInfoAnswer, CaseInfoView } from '@pnss/libs/api';
export type { CaseInfoAnswer, CaseInfoView } from '@pnss/libs/api';

/**
 * The case-information screen (SPEC.md §2): a case number, and the patient's birth date and
 * pediatric confirmation. Creating one without a patient creates the patient as well, named by
 * its first and last name (issue 14 item 3), in the same transaction.
 */
@Injectable()
export class CaseInfoService {
  constructor(
    private readonly cases: CasesService,
    private readonly patients: PatientsService,
    private readonly database: DatabaseService,
    private readonly idempotency: IdempotencyService,
  ) {}

  async get(caseId: string): Promise<CaseInfoView> {
    const row = await this.cases.requireById(caseId);
    const patient = await this.patients.require(row.patientId);
    return {
      _id: row.id,
      caseid: row.id,
      patientid: row.patientId,
      caseNum: row.caseNum,
      firstName: patient.firstName,
      middleName: patient.middleName,
      lastName: patient.lastName,
      birthDate: patient.birthDate,
      pediatricConfirmed: patient.pediatricConfirmed,
      isClose: row.isClose,
      isArchived: row.isArchived,
      version: row.version,
    };
  }

  /** With an `idempotencyKey`, a copy of a create already made answers that case and its patient as they are now and creates nothing. */
  async create(user: AuthenticatedUser, dto: CaseInfoDto, idempotencyKey?: string): Promise<CaseInfoAnswer> {
    let existing: PatientRow | null = null;
    if (dto.patientid) {
      if (!isUuid(dto.patientid)) throw badField('patientid', 'patientid is not a valid id');
      existing = await this.patients.require(dto.patientid.toLowerCase());
    }
    const info = this.nextInfo(dto, existing, '');
    if (!existing) assertHolds(user, PERMISSIONS.SAVE_PATIENT);
    else if (patientChanges(existing, info)) assertHolds(user, PERMISSIONS.UPDATE_PATIENT);

    const request = this.idempotency.request(user.id, idempotencyKey, 'POST /patientcases', { patientid: existing?.id ?? null, info });
    const made = await this.database.transaction(async (tx) => {
      const earlier = request ? await this.idempotency.earlier(tx, request) : null;
      if (earlier) return { kind: 'earlier' as const, id: earlier };
      const patient = existing
        ? await this.patients.updateForCase(tx, user, existing, patientFields(info))
        : await this.patients.createForCase(tx, user, patientFields(info));
      const form = applyCaseChange(emptyCaseForm(patient.id, info.caseNum), {}, { patientBirthDate: patient.birthDate });
      this.cases.assertSavable(form);
      const row = await this.cases.insert(tx, user, form);
      if (request) await this.idempotency.remember(tx, request, row.id);
      return { kind: 'created' as const, patient, row };
    });
    if (made.kind === 'earlier') {
      const row = await this.cases.requireById(made.id);
      return answer(await this.patients.require(row.patientId), row.id, row.caseNum, row.version);
    }
    return answer(made.patient, made.row.id, made.row.caseNum, made.row.version);
  }

  /** A closed case refuses the change (409) like any other edit; a stale `version` is a 409 with the newer case. */
  async update(user: AuthenticatedUser, caseId: string, dto: CaseInfoDto): Promise<CaseInfoAnswer> {
    for (const field of ['_id', 'caseid'] as const) {
      const sent = dto[field];
      if (sent && sent.toLowerCase() !== caseId) throw badField(field, `${field} does not match the case of the address`);
    }
    if (dto.version === undefined) throw badField('version', 'version is required: send the version of the case you opened');
    const row = await this.cases.requireById(caseId);
    if (dto.patientid && dto.patientid.toLowerCase() !== row.patientId) {
      throw badField('patientid', 'patientid does not match the patient of this case');
    }
    const before = toCaseForm(row);
    if (row.isClose) throw casesError(CasesErrorCode.CaseClosed);
    if (dto.version !== row.version) throw casesError(CasesErrorCode.CaseChanged, { current: before });

    const current = await this.patients.require(row.patientId);
    const info = this.nextInfo(dto, current, row.caseNum);
    if (patientChanges(current, info)) assertHolds(user, PERMISSIONS.UPDATE_PATIENT);

    const { patient, saved } = await this.database.transaction(async (tx) => {
      // This case first, with the age the new birth date gives it, in one write; the patient's
      // change then re-derives her other cases and finds this one's age already right.
      const after = applyCaseChange(before, { caseNum: info.caseNum }, { patientBirthDate: info.birthDate });
      this.cases.assertSavable(after);
      const saved = await this.cases.save(user, row, before, after, { tx });
      return { saved, patient: await this.patients.updateForCase(tx, user, current, patientFields(info)) };
    });
    return answer(patient, saved.id, saved.caseNum, saved.version);
  }

  /** The screen's values as they would be saved, checked with the case-information rules of @pnss/libs. */
  private nextInfo(dto: CaseInfoDto, patient: PatientRow | null, caseNum: string) {
    const info: CaseInfoValues = {
      caseNum: dto.caseNum ?? caseNum,
      firstName: dto.firstName ?? patient?.firstName ?? '',
      middleName: dto.middleName === undefined ? (patient?.middleName ?? null) : dto.middleName || null,
      lastName: dto.lastName ?? patient?.lastName ?? '',
      birthDate: dto.birthDate === undefined ? (patient?.birthDate ?? null) : toCalendarDate(dto.birthDate),
      pediatricConfirmed: dto.pediatricConfirmed ?? patient?.pediatricConfirmed ?? false,
    };
    // A patient this screen creates, or renames, must be named; one named nowhere yet keeps its blank name.
    const naming = patient === null || NAME_FIELDS.some((field) => dto[field] !== undefined);
    const errors = validateCaseInfo(info, { today: serverToday(), newPatient: naming });
    if (errors.length > 0) throw commonError(CommonErrorCode.ValidationFailed, errors);
    return info;
  }
}

const NAME_FIELDS = ['firstName', 'middleName', 'lastName'] as const;

/** The screen's values as they would be saved: the case number and the patient's fields it shows. */
interface CaseInfoValues {
  caseNum: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  birthDate: string | null;
  pediatricConfirmed: boolean;
}

type PatientFields = Pick<PatientRow, 'firstName' | 'middleName' | 'lastName' | 'birthDate' | 'pediatricConfirmed'>;

function patientFields(info: CaseInfoValues): PatientFields {
  const { firstName, middleName, lastName, birthDate, pediatricConfirmed } = info;
  return { firstName, middleName, lastName, birthDate, pediatricConfirmed };
}

function patientChanges(patient: PatientRow, info: CaseInfoValues): boolean {
  const next = patientFields(info);
  return (Object.keys(next) as Array<keyof PatientFields>).some((field) => patient[field] !== next[field]);
}

/** Changing the patient's record through this screen needs the patient permission as well. */
function assertHolds(user: AuthenticatedUser, permission: PermissionName): void {
  if (!user.permissions.includes(permission)) throw commonError(CommonErrorCode.PermissionDenied);
}

function answer(patient: PatientRow, caseId: string, caseNum: string, version: number): CaseInfoAnswer {
  return {
    _id: patient.id,
    caseid: caseId,
    patientid: patient.id,
    caseNum,
    birthDate: patient.birthDate,
    pediatricConfirmed: patient.pediatricConfirmed,
    version,
  };
}
