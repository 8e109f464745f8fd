import { Injectable } from '@nestjs/common';
import { CASE_IDENTITY_FIELDS, CASE_TIMESTAMP_FIELDS, type CaseForm, type FieldError, type Paged, emptyCaseForm } from '@pnss/libs/api';
import { ageAtAdmission } from '@pnss/libs/derived';
import {
  AMENDMENT_REASON_MESSAGE, AMENDMENT_TOASTS, type CaseAction, amendmentReasonError, applyCaseChange, caseActionRefusal, caseActions, caseStatus,
} from '@pnss/libs/rules';
import { PATIENT_CORRECTION } from '@pnss/libs/submissions';
import {
  CASE_CALENDAR_FIELDS, TOASTS, caseSaveErrors, plausibilityErrors, unconfirmedWarnings, unkeptAnswers, validateCloseCase,
} from '@pnss/libs/validation';
import { badField, CommonErrorCode, commonError } from '../../common/errors/common.errors.js';
import { serverToday, toCalendarDate } from '../../common/dates/server-today.js';
import { listFilter } from '../../common/paging/list-query.dto.js';
import { pagedList } from '../../common/paging/page-query.dto.js';
import { isUniqueViolation } from '../../database/database-errors.js';
import { DatabaseService, type Executor } from '../../database/database.service.js';
import { type AuditActor, type AuditEntryView, AuditService, rowOf } from '../audit/audit.service.js';
import type { ReadAudit } from '../audit/read-audit.js';
import { IdempotencyService } from '../idempotency/idempotency.service.js';
import { diffChanges } from '../../common/records/diff-changes.js';
import { PatientsService } from '../patients/patients.service.js';
import { CaseFactsService, type StoredProjection } from '../case-facts/case-facts.service.js';
import { type CaseRow, toCaseColumns, toCaseForm } from '../../common/records/case-record.js';
import { CasesErrorCode, casesError } from './cases.errors.js';
import { type CaseChanges, type CaseListRow, CasesRepository } from './cases.repository.js';
import type { CaseActionDto } from './dto/case-action.dto.js';
import type { CaseAmendDto, CaseWithdrawDto } from './dto/case-amendment.dto.js';
import { CaseAmendmentsRepository, type PackageStateRow } from './case-amendments.repository.js';
import type { AuditChange } from '../../database/schema.js';
import type { CaseFormInput } from './dto/case-form.dto.js';
import { READ_ONLY_CASE_FIELDS } from './dto/case-form.field-specs.js';
import type { CaseListQueryDto } from './dto/case-list-query.dto.js';
import type { CaseListEntry, CaseStateAnswer } from '@pnss/libs/api';
export type { CaseListEntry, CaseStateAnswer } from '@pnss/libs/api';

/** The audit log records what the clinician changed, not the bookkeeping. */
const AUDIT_OMIT = { omit: [...CASE_IDENTITY_FIELDS, 'version', ...CASE_TIMESTAMP_FIELDS] } as const;
const CASE_NUMBER_KEY = 'patient_cases_case_num_lower_key';
/** What a client sends but does not set: the read-only fields, the version it opened, the warnings it confirmed. */
const NOT_PATCHED = new Set<string>([...READ_ONLY_CASE_FIELDS, 'version', 'confirmedWarnings']);
const CALENDAR_FIELDS = new Set<string>(CASE_CALENDAR_FIELDS);

/**
 * The case form and its lifecycle (SPEC.md §4), enforced here: every save runs the dependency
 * function of @pnss/libs, so hidden fields are cleared and derived values computed by the server;
 * Close runs the whole close-case check; every write is one UPDATE ... WHERE version = expected,
 * audited in its transaction.
 */
@Injectable()
export class CasesService {
  constructor(
    private readonly repository: CasesRepository,
    private readonly patients: PatientsService,
    private readonly database: DatabaseService,
    private readonly audit: AuditService,
    private readonly caseFacts: CaseFactsService,
    private readonly amendments: CaseAmendmentsRepository,
    private readonly idempotency: IdempotencyService,
  ) {
    patients.onBirthDateChange((tx, actor, patient) => this.rederiveAges(tx, actor, patient.id, patient.birthDate));
  }

  /** With `audit`, the page's statement stores the read's audit row where it can (read-audit.ts). */
  list(query: CaseListQueryDto, audit?: ReadAudit): Promise<Paged<CaseListEntry>> {
    return pagedList(query.page ?? query.offset, (limit, skip) => this.repository.page(listFilter(query), limit, skip, undefined, audit), toListEntry);
  }

  async listForPatient(patientId: string): Promise<CaseForm[]> {
    await this.patients.require(patientId);
    return (await this.repository.listForPatient(patientId)).map(toCaseForm);
  }

  /** The case form of that patient; with the `audit` of a read, its statement may store the read's audit row (auditedRows). */
  async get(patientId: string, caseId: string, audit?: ReadAudit): Promise<CaseForm> {
    const row = await this.repository.findOfPatient(caseId, patientId, audit);
    if (!row) throw casesError(CasesErrorCode.CaseNotFound);
    return toCaseForm(row);
  }

  /** With an `idempotencyKey`, a copy of a create already made answers that case as it is now and creates nothing. */
  async create(actor: AuditActor, patientId: string, input: CaseFormInput, idempotencyKey?: string): Promise<CaseForm> {
    const patient = await this.patients.require(patientId);
    const patch = this.toPatch(input, patientId, null);
    const form = applyCaseChange(emptyCaseForm(patientId, ''), patch, { patientBirthDate: patient.birthDate });
    this.assertKept(patch, form);
    this.assertSavable(form);
    this.assertConfirmed(null, form, input.confirmedWarnings);
    const request = this.idempotency.request(actor.id, idempotencyKey, 'POST /patients/:patientid/cases', form);
    const made = await this.database.transaction(async (tx) => {
      const earlier = request ? await this.idempotency.earlier(tx, request) : null;
      if (earlier) return { kind: 'earlier' as const, id: earlier };
      const created = await this.insert(tx, actor, form);
      if (request) await this.idempotency.remember(tx, request, created.id);
      return { kind: 'created' as const, created };
    });
    return made.kind === 'earlier' ? this.get(patientId, made.id) : toCaseForm(made.created);
  }

  /**
   * Applies the fields sent to the stored form. `version` must be the stored one: otherwise, or when
   * someone saved in between, a 409 carries the newer case and nothing is written.
   */
  async update(actor: AuditActor, patientId: string, caseId: string, input: CaseFormInput): Promise<CaseForm> {
    if (input.version === undefined) {
      throw badField('version', 'version is required: send the version of the case you opened');
    }
    // The case, its patient's birth date and its stored projection, in one read.
    const found = await this.repository.findForSave(caseId);
    if (!found || found.row.patientId !== patientId) throw casesError(CasesErrorCode.CaseNotFound);
    const { row } = found;
    const before = toCaseForm(row);
    if (row.isClose) throw casesError(CasesErrorCode.CaseClosed);
    if (input.version !== row.version) throw casesError(CasesErrorCode.CaseChanged, { current: before });

    const patch = this.toPatch(input, patientId, caseId);
    const after = applyCaseChange(before, patch, { patientBirthDate: found.patientBirthDate });
    this.assertKept(patch, after, before);
    this.assertSavable(after);
    this.assertConfirmed(before, after, input.confirmedWarnings);
    return toCaseForm(await this.save(actor, row, before, after, { stored: found.projection }));
  }

  async close(actor: AuditActor, patientId: string, caseId: string, body: CaseActionDto): Promise<CaseStateAnswer> {
    const { row, form } = await this.actionTarget(patientId, caseId, body);
    if (!caseActions(form).close) {
      throw casesError(form.isClose ? CasesErrorCode.AlreadyClosed : CasesErrorCode.CloseArchived);
    }
    const patient = await this.patients.require(patientId);
    const normalized = applyCaseChange(form, {}, { patientBirthDate: patient.birthDate });
    // An impossible value stored before the plausibility limits existed is refused like on save.
    const implausible = plausibilityErrors(normalized);
    if (implausible.length > 0) throw commonError(CommonErrorCode.ValidationFailed, implausible);
    const errors = validateCloseCase(normalized, { today: serverToday() });
    if (errors.length > 0) throw casesError(CasesErrorCode.CloseCheckFailed, { errors });
    const after = { ...normalized, isClose: true };
    return this.changeState(actor, row, form, after, 'close', TOASTS.caseClosed, {
      ...toCaseColumns(normalized),
      isClose: true,
      closedAt: new Date(),
    }, form.submissionId ? { within: (tx) => this.closeAmendment(tx, actor, row, after) } : {});
  }

  /**
   * An Amending case closed again (issue 30): its amendment is closed (which is what makes its
   * package need resubmission: `needsResubmission` of libs, derived, not stored), and the audit log gets what the amendment changed against the case as its
   * package carried it, with the reason.
   */
  private async closeAmendment(tx: Executor, actor: AuditActor, row: CaseRow, after: CaseForm): Promise<void> {
    // An Amending case still belongs to its package: refused (in words) if the package is gone.
    await this.requirePackageOf(tx, row.submissionId);
    const amendment = await this.amendments.closeAmendment(tx, row.id);
    const changed = amendment?.submittedForm ? diffChanges(amendment.submittedForm, auditable({ ...after, isClose: true }), AUDIT_OMIT) : [];
    await this.audit.record(tx, {
      actor, entity: 'case', entityId: row.id, action: 'amend_close',
      changes: [
        { field: 'status', old: 'Amending', new: 'Submitted' },
        { field: 'reason', old: null, new: amendment?.reason ?? null },
        ...changed.filter((change) => change.field !== 'isClose'),
      ],
    });
  }

  /**
   * Reopens a Submitted case for amendment (issue 30; permission amend_submitted_case): with a
   * reason of a few words, kept with the case. The case becomes Amending: open, still in its package.
   */
  async amend(actor: AuditActor, patientId: string, caseId: string, body: CaseAmendDto): Promise<CaseStateAnswer> {
    const { row, form } = await this.actionTarget(patientId, caseId, body);
    this.assertAllowed(form, 'amend');
    const reason = this.requireReason(body.reason);
    return this.changeState(actor, row, form, { ...form, isClose: false }, 'amend', AMENDMENT_TOASTS.reopenedForAmendment, {
      isClose: false,
      closedAt: null,
    }, {
      changes: [{ field: 'status', old: 'Submitted', new: 'Amending' }, { field: 'reason', old: null, new: reason }],
      within: async (tx) => {
        const pkg = await this.requirePackageOf(tx, row.submissionId);
        await this.amendments.insert(tx, {
          packageId: pkg.id, caseId: row.id, caseNum: row.caseNum, kind: 'amend', reason, submittedForm: auditable(form),
          byUser: actor.id, byUsername: actor.username,
        });
      },
    });
  }

  /**
   * Withdraws a Submitted case from its package (issue 30; permission amend_submitted_case), with a
   * reason: the package's next version omits it, and the case is Closed again, or archived if asked.
   */
  async withdraw(actor: AuditActor, patientId: string, caseId: string, body: CaseWithdrawDto): Promise<CaseStateAnswer> {
    const { row, form } = await this.actionTarget(patientId, caseId, body);
    this.assertAllowed(form, 'withdraw');
    const reason = this.requireReason(body.reason);
    const archive = body.archive === true;
    const after = { ...form, submissionId: null, isArchived: archive || form.isArchived };
    return this.changeState(
      actor, row, form, after, 'withdraw', archive ? AMENDMENT_TOASTS.withdrawnAndArchived : AMENDMENT_TOASTS.withdrawn,
      { submissionId: null, isArchived: after.isArchived },
      {
        changes: [{ field: 'status', old: 'Submitted', new: caseStatus(after) }, { field: 'reason', old: null, new: reason }],
        within: async (tx) => {
          const pkg = await this.requirePackageOf(tx, row.submissionId);
          await this.amendments.removeFromPackage(tx, pkg.id, row.id);
          await this.amendments.insert(tx, {
            packageId: pkg.id, caseId: row.id, caseNum: row.caseNum, kind: 'withdraw', reason, byUser: actor.id, byUsername: actor.username,
          });
          await this.audit.record(tx, {
            actor, entity: 'package', entityId: pkg.submissionId, action: 'withdraw_case',
            changes: [{ field: 'caseNum', old: row.caseNum, new: null }, { field: 'reason', old: null, new: reason }],
          });
        },
      },
    );
  }

  /** The lifecycle rule of @pnss/libs refuses the action: a 409 in its words. */
  private assertAllowed(form: CaseForm, action: CaseAction): void {
    const refusal = caseActionRefusal(form, action);
    if (refusal) throw casesError(CasesErrorCode.LifecycleRefused, { message: refusal });
  }

  private requireReason(reason: string | undefined): string {
    if (amendmentReasonError(reason)) throw badField('reason', AMENDMENT_REASON_MESSAGE);
    return (reason as string).trim();
  }

  /** The package that carries the case, locked; a package being built or sent is not changed under it. */
  private async requirePackageOf(tx: Executor, submissionId: string | null): Promise<PackageStateRow> {
    const pkg = submissionId ? await this.amendments.lockPackage(tx, submissionId) : null;
    if (!pkg) throw casesError(CasesErrorCode.LifecycleRefused, { message: 'The census package that carries this case was not found.' });
    if (pkg.building || pkg.status === 'Sending') {
      throw casesError(CasesErrorCode.LifecycleRefused, {
        message: `Census package ${pkg.submissionId} is being ${pkg.building ? 'built' : 'sent'}: try again when it has finished.`,
      });
    }
    return pkg;
  }

  /** Only a closed case that no census package carries can be reopened. */
  async reopen(actor: AuditActor, patientId: string, caseId: string, body: CaseActionDto): Promise<CaseStateAnswer> {
    const { row, form } = await this.actionTarget(patientId, caseId, body);
    if (!form.isClose) throw casesError(CasesErrorCode.AlreadyOpen);
    if (form.submissionId) throw casesError(CasesErrorCode.ReopenSubmitted);
    if (!caseActions(form).reopen) throw casesError(CasesErrorCode.AlreadyOpen);
    return this.changeState(actor, row, form, { ...form, isClose: false }, 'reopen', TOASTS.caseReopened, {
      isClose: false,
      closedAt: null,
    });
  }

  async archive(actor: AuditActor, patientId: string, caseId: string, body: CaseActionDto): Promise<CaseStateAnswer> {
    const { row, form } = await this.actionTarget(patientId, caseId, body);
    if (caseStatus(form) === 'Amending') this.assertAllowed(form, 'archive');
    if (!caseActions(form).archive) {
      throw casesError(form.isClose ? CasesErrorCode.ArchiveClosed : CasesErrorCode.AlreadyArchived);
    }
    return this.changeState(actor, row, form, { ...form, isArchived: true }, 'archive', TOASTS.caseArchived, { isArchived: true });
  }

  async unarchive(actor: AuditActor, patientId: string, caseId: string, body: CaseActionDto): Promise<CaseStateAnswer> {
    const { row, form } = await this.actionTarget(patientId, caseId, body);
    if (!caseActions(form).unarchive) throw casesError(CasesErrorCode.NotArchived);
    return this.changeState(actor, row, form, { ...form, isArchived: false }, 'unarchive', TOASTS.caseUnarchived, {
      isArchived: false,
    });
  }

  /**
   * The case's history (issues 30 and 31), oldest first, 100 a page: the case's own audit rows
   * (created, saved, closed, reopened, amended and withdrawn with the reason, approved, packaged, the
   * queries on its fields) and the rows its census package keeps of the versions that concern this
   * case (rebuilt into version n, submitted, resubmitted, and the society's answer: sent with its
   * upload id, or not accepted), each trimmed to the version and the upload id: a package's rows also
   * name other cases (a refusal's reasons may), which this case's history never shows. Addresses are
   * the audit log's (VIEW_AUDIT), not the case's readers'.
   */
  async history(patientId: string, caseId: string, offset: number | undefined): Promise<Paged<AuditEntryView>> {
    await this.requireCase(patientId, caseId);
    const related = (await this.amendments.packageVersionsOf(caseId)).map(({ submissionId, version }) => ({
      entity: 'package', entityId: submissionId, version,
      // Version 1's build is the case's own 'package' row; a later build is a rebuild carrying a change of this case.
      actions: version === 1 ? PACKAGE_SEND_ACTIONS : ['build', ...PACKAGE_SEND_ACTIONS],
    }));
    const page = await this.audit.listOfRecord({ entity: 'case', entityId: caseId }, related, offset);
    return { ...page, items: page.items.map((entry) => ({ ...entry, ip: null, changes: entry.entity === 'case' ? entry.changes : packageFactsOnly(entry.changes) })) };
  }

  /**
   * A corrected birth date changes the age on admission of the patient's cases (SPEC.md §4, §9: whole
   * years from the birth date). In the correction's transaction, each case whose age changes is
   * written with its new age at its next version, its reporting facts with it, audited as a
   * PATIENT_CORRECTION. A closed or packaged case too, since the registry must not keep an age from a
   * birth date known to be wrong: its approval lapses with its version, and Submissions says which
   * package needs a rebuild (which then makes the next version). Without a birth date an age stays.
   */
  async rederiveAges(tx: Executor, actor: AuditActor, patientId: string, birthDate: string | null): Promise<void> {
    for (const row of await this.repository.lockForPatient(tx, patientId)) {
      const age = ageAtAdmission(birthDate, row.admissionDate);
      if (age === null || age === row.age) continue;
      const updated = await this.repository.updateIfVersion(tx, row.id, row.version, { age }, actor.id);
      if (!updated) throw await this.conflict(row.id, tx);
      await this.caseFacts.write(tx, updated);
      await this.audit.record(tx, {
        actor, entity: 'case', entityId: row.id, action: PATIENT_CORRECTION, changes: [{ field: 'age', old: row.age, new: age }],
      });
    }
  }

  // For the case-information screen (CaseInfoService), in its transaction.

  /** A case by id alone, or a 404. */
  async requireById(caseId: string, executor?: Executor): Promise<CaseRow> {
    const row = await this.repository.findById(caseId, executor);
    if (!row) throw casesError(CasesErrorCode.CaseNotFound);
    return row;
  }

  /** Inserts a normalised form and audits it; a taken case number is a 409. */
  async insert(tx: Executor, actor: AuditActor, form: CaseForm): Promise<CaseRow> {
    let row: CaseRow;
    try {
      row = await this.repository.insert(tx, { ...toCaseColumns(form), patientId: form.patientid, createdBy: actor.id, updatedBy: actor.id });
    } catch (error) {
      if (isUniqueViolation(error, CASE_NUMBER_KEY)) throw casesError(CasesErrorCode.CaseNumberTaken);
      throw error;
    }
    await this.caseFacts.write(tx, row);
    await this.audit.record(tx, {
      actor, entity: 'case', entityId: row.id, action: 'create', changes: diffChanges(null, auditable(toCaseForm(row)), AUDIT_OMIT),
    });
    return row;
  }

  /**
   * Writes `after` over `row` if the case is still open and at the version read, and audits the
   * changed fields. Nothing changed: nothing is written.
   *
   * In `tx` when given, which then also reads the stored projection. Otherwise `stored` is the
   * projection read beside `row`: it is still the stored one when the write succeeds, since every
   * write of a case's projection bumps that case's version, which the write requires unchanged.
   * When the save changes nothing the reports read (a room, a note: most saves), the case and its
   * audit row are one statement, which commits them together with no transaction around it.
   */
  async save(actor: AuditActor, row: CaseRow, before: CaseForm, after: CaseForm, within: { tx: Executor } | { stored: StoredProjection | null }): Promise<CaseRow> {
    const changes = diffChanges(auditable(before), auditable(after), AUDIT_OMIT);
    if (changes.length === 0) return row;
    const columns = toCaseColumns(after);
    const audit = rowOf({ actor, entity: 'case', entityId: row.id, action: 'update', changes });
    const write = async (executor: Executor): Promise<CaseRow> => {
      let saved: CaseRow | null;
      try {
        saved = await this.repository.saveFormIfVersion(executor, row.id, row.version, columns, actor.id, audit);
      } catch (error) {
        if (isUniqueViolation(error, CASE_NUMBER_KEY)) throw casesError(CasesErrorCode.CaseNumberTaken);
        throw error;
      }
      if (!saved) throw await this.conflict(row.id, executor);
      return saved;
    };
    if ('tx' in within) {
      const saved = await write(within.tx);
      await this.caseFacts.write(within.tx, saved);
      return saved;
    }
    // The projection of the case as it will be stored: the row read with the columns written.
    const projection = this.caseFacts.change(within.stored, { ...row, ...columns });
    if (this.caseFacts.changesNothing(projection)) return write(this.database.db);
    return this.database.transaction(async (tx) => {
      const saved = await write(tx);
      await this.caseFacts.writeChange(tx, projection);
      return saved;
    });
  }

  /**
   * The save check of @pnss/libs (case number, date bounds of SPEC.md §5, plausibility hard limits,
   * OB score consistency), the same the form runs, on the form as it would be stored: a 400 naming each field.
   */
  assertSavable(form: CaseForm): void {
    const errors: FieldError[] = caseSaveErrors(form, { today: serverToday() });
    if (errors.length > 0) throw commonError(CommonErrorCode.ValidationFailed, errors);
  }

  /**
   * An answer that says saved means saved: an answer this save brings that the case form's rules
   * would empty or change (a question not asked for this case, a manner TOLAC excludes, a subcause of
   * another cause) is a 400 naming the field and the rule, and nothing is written.
   */
  assertKept(patch: Partial<CaseForm>, form: CaseForm, before?: CaseForm): void {
    const errors = unkeptAnswers(patch, form, before);
    if (errors.length > 0) throw commonError(CommonErrorCode.ValidationFailed, errors);
  }

  /** Unusual values this save introduces must be confirmed by the user (`confirmedWarnings`), else a 400 naming them. */
  assertConfirmed(before: CaseForm | null, after: CaseForm, confirmed: readonly string[] | undefined): void {
    const warnings = unconfirmedWarnings(before, after, confirmed ?? []);
    if (warnings.length > 0) throw casesError(CasesErrorCode.WarningsNotConfirmed, { errors: warnings });
  }

  private async changeState(
    actor: AuditActor,
    row: CaseRow,
    before: CaseForm,
    after: CaseForm,
    action: 'close' | 'reopen' | 'archive' | 'unarchive' | 'amend' | 'withdraw',
    message: string,
    changes: CaseChanges,
    extra: { changes?: AuditChange[]; within?: (tx: Executor) => Promise<void> } = {},
  ): Promise<CaseStateAnswer> {
    const saved = await this.database.transaction(async (tx) => {
      const updated = await this.repository.updateIfVersion(tx, row.id, row.version, changes, actor.id);
      if (!updated) throw await this.conflict(row.id, tx);
      await this.caseFacts.write(tx, updated);
      await this.audit.record(tx, {
        actor, entity: 'case', entityId: row.id, action,
        changes: [...(extra.changes ?? []), ...diffChanges(auditable(before), auditable(after), AUDIT_OMIT)],
      });
      if (extra.within) await extra.within(tx);
      return updated;
    });
    return {
      _id: saved.id,
      patientid: saved.patientId,
      isClose: saved.isClose,
      isArchived: saved.isArchived,
      submissionId: saved.submissionId,
      version: saved.version,
      message,
    };
  }

  private async actionTarget(patientId: string, caseId: string, body: CaseActionDto): Promise<{ row: CaseRow; form: CaseForm }> {
    this.assertSameIds(body, patientId, caseId);
    const row = await this.requireCase(patientId, caseId);
    const form = toCaseForm(row);
    if (body.version !== undefined && body.version !== row.version) throw casesError(CasesErrorCode.CaseChanged, { current: form });
    return { row, form };
  }

  /** A case under the wrong patient is not found: ids never leak across patients. */
  private async requireCase(patientId: string, caseId: string): Promise<CaseRow> {
    const row = await this.repository.findById(caseId);
    if (!row || row.patientId !== patientId) throw casesError(CasesErrorCode.CaseNotFound);
    return row;
  }

  /** After a refused conditional write: the newer case (409), or 404 when it is gone. */
  private async conflict(caseId: string, executor: Executor) {
    const now = await this.repository.findById(caseId, executor);
    if (!now) return casesError(CasesErrorCode.CaseNotFound);
    return now.isClose ? casesError(CasesErrorCode.CaseClosed) : casesError(CasesErrorCode.CaseChanged, { current: toCaseForm(now) });
  }

  /** The fields a client may set, with dates as 'YYYY-MM-DD'; ids sent must name the case of the address. */
  private toPatch(input: CaseFormInput, patientId: string, caseId: string | null): Partial<CaseForm> {
    this.assertSameIds({ patientid: input.patientid, _id: caseId ? (input._id ?? undefined) : undefined }, patientId, caseId);
    // Copied field by field, leaving out what a client may not set (deleting from a copy of a
    // hundred-field body turned it into a slow dictionary object).
    const sent = input as Record<string, unknown>;
    const patch: Record<string, unknown> = {};
    for (const field of Object.keys(sent)) {
      if (NOT_PATCHED.has(field)) continue;
      const value = sent[field];
      patch[field] = CALENDAR_FIELDS.has(field) && typeof value === 'string' ? toCalendarDate(value) : value;
    }
    return patch as Partial<CaseForm>;
  }

  private assertSameIds(ids: { patientid?: string | null; caseid?: string | null; _id?: string | null }, patientId: string, caseId: string | null): void {
    if (ids.patientid && ids.patientid.toLowerCase() !== patientId) {
      throw badField('patientid', 'patientid does not match the patient of the address');
    }
    for (const field of ['caseid', '_id'] as const) {
      const sent = ids[field];
      if (sent && caseId && sent.toLowerCase() !== caseId) throw badField(field, `${field} does not match the case of the address`);
    }
  }
}

/** A package's audit rows a case's history shows: sent to the society (submit, resubmit) and its answer. */
const PACKAGE_SEND_ACTIONS = ['submit', 'resubmit', 'sent', 'submit_failed'];

/** What a case's history keeps of a package's row: the version and the society's upload id, nothing that names other cases. */
function packageFactsOnly(changes: AuditEntryView['changes']): AuditEntryView['changes'] {
  return changes.filter((change) => change.field === 'version' || change.field === 'uploadId');
}

function auditable(form: CaseForm): Record<string, unknown> {
  return form as unknown as Record<string, unknown>;
}

/** A row of the cases list as the list answers it (the worklists' rows too). */
export function toListEntry(row: CaseListRow): CaseListEntry {
  return {
    _id: row.id,
    caseNum: row.caseNum,
    patientid: row.patientId,
    caseFormType: row.caseFormType,
    isPregnancy: row.isPregnancy,
    isGyne: row.isGyne,
    isClose: row.isClose,
    isArchived: row.isArchived,
    submissionId: row.submissionId,
    admissionDate: row.admissionDate,
    dischargeDate: row.dischargeDate,
    age: row.age,
    birthDate: row.birthDate,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}
