import { SERVER_OWNED_CASE_FIELDS, type CaseForm, type FieldError, type Infant } from '@pnss/libs/api';
import { calendarDateOf } from '@pnss/libs/derived';
import { applyCaseChange, sameValue } from '@pnss/libs/rules';
import {
  MESSAGES, caseSaveErrors, fieldMeta, unconfirmedWarnings, validateCloseCase, sectionsWithErrors, type PlausibilityWarning,
} from '@pnss/libs/validation';

/** Field paths whose problems the form reports: case-form keys, and 'neonatal[0].apgar1m' for infants. */
export type FieldPath = string;

export interface CaseFormState {
  /** The form as the user sees it, always the output of the libs dependency function. */
  form: CaseForm;
  /** The case as last read from or written to the server: what "unsaved" is measured against. */
  saved: CaseForm;
  /** Every problem of the current form, by path: the close check plus the save checks. */
  errors: ReadonlyMap<FieldPath, FieldError>;
  /** Left-nav sections holding a failing field. */
  failingSections: ReadonlySet<string>;
  /** Paths the user has left at least once: their problems are shown. */
  touched: ReadonlySet<FieldPath>;
  /** After a close attempt every problem is shown, touched or not. */
  revealAll: boolean;
  dirty: boolean;
}

export interface CaseFormStoreOptions {
  patientBirthDate: string | null;
  /** Today as 'YYYY-MM-DD'; injectable so tests do not depend on the clock. */
  today?: () => string;
}

type Listener = () => void;

/**
 * The one state of the case form. Fields subscribe to their own slice through
 * useSyncExternalStore, so a keystroke re-renders the field typed into and whatever the rules
 * make depend on it, not the 150 others. Every change goes through `applyCaseChange`.
 */
export class CaseFormStore {
  private state: CaseFormState;
  private readonly listeners = new Set<Listener>();
  private readonly today: () => string;
  /** Number fields holding text that is not a number ('6o.5'): 'Invalid Value', never 'required'. */
  private unreadable = new Set<FieldPath>();

  constructor(initial: CaseForm, private readonly options: CaseFormStoreOptions) {
    this.today = options.today ?? (() => calendarDateOf(new Date()));
    const form = this.normalize(initial);
    this.state = this.derive(form, form, new Set(), false);
  }

  getState = (): CaseFormState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get birthDate(): string | null {
    return this.options.patientBirthDate;
  }

  /** Applies what the user changed through the dependency function of @pnss/libs. */
  change(patch: Partial<CaseForm>): void {
    const next = applyCaseChange(this.state.form, patch, { patientBirthDate: this.options.patientBirthDate });
    this.set(this.derive(next, this.state.saved, this.state.touched, this.state.revealAll));
  }

  changeInfant(index: number, patch: Partial<Infant>): void {
    const neonatal = this.state.form.neonatal.map((infant, i) => (i === index ? { ...infant, ...patch } : infant));
    this.change({ neonatal });
  }

  /**
   * A number field holds text that is not a number (SPEC.md §8 'Invalid Value'): the stored value
   * is empty, but the field's problem is what was typed, and a save is refused until it is fixed.
   */
  setUnreadable(path: FieldPath, unreadable: boolean): void {
    if (this.unreadable.has(path) === unreadable) return;
    const next = new Set(this.unreadable);
    if (unreadable) next.add(path);
    else next.delete(path);
    this.unreadable = next;
    this.set(this.derive(this.state.form, this.state.saved, this.state.touched, this.state.revealAll));
  }

  /** The user left a field: from now on its problem shows. */
  touch(path: FieldPath): void {
    if (this.state.touched.has(path)) return;
    const touched = new Set(this.state.touched);
    touched.add(path);
    this.set({ ...this.state, touched });
  }

  /** A close attempt failed: every problem shows, as the spec's dialog lists them. */
  reveal(): void {
    if (this.state.revealAll) return;
    this.set({ ...this.state, revealAll: true });
  }

  /** The server's copy replaces both the form and the baseline (after a load, save or state change). */
  load(serverCase: CaseForm): void {
    const form = this.normalize(serverCase);
    this.set(this.derive(form, form, this.state.touched, this.state.revealAll));
  }

  /**
   * Puts the user's edits over a server copy: the baseline is the server's, the form the user's.
   * `version` is the version the edits were made on: a draft made on an older version keeps it,
   * so its save meets the conflict dialog instead of silently overwriting newer work.
   */
  restore(serverCase: CaseForm, edited: CaseForm, version = serverCase.version): void {
    const saved = this.normalize(serverCase);
    const form = this.normalize({
      ...edited, _id: saved._id, patientid: saved.patientid, version, isClose: saved.isClose,
      isArchived: saved.isArchived, submissionId: saved.submissionId,
    });
    this.set(this.derive(form, saved, this.state.touched, this.state.revealAll));
  }

  /**
   * Issue 32: the case was made on this device and the queue has put it on the server. The server's
   * copy (its id, its patient's id, and the version the replay of the queued saves produced) becomes
   * the baseline; unsaved edits made since stay on top, to be saved on that version.
   */
  follow(serverCase: CaseForm): void {
    if (this.state.dirty) this.restore(serverCase, this.state.form);
    else this.load(serverCase);
  }

  /** Issue 32: a new case's patient, made on this device, is on the server now under `patientid`. */
  followPatient(patientid: string): void {
    const { saved, form } = this.state;
    this.restore({ ...saved, patientid }, { ...form, patientid }, saved.version);
  }

  /**
   * A kept draft's answers over the case as the server has it now (issue 25 item 2): only field
   * answers change; the ids, status (closed, archived, submitted) and version stay the server's.
   */
  restoreAnswers(answers: Partial<CaseForm>): void {
    const { saved } = this.state;
    this.restore(saved, { ...saved, ...answers }, saved.version);
  }

  /** A state change (close, reopen, archive) answered: new flags and version, unsaved edits kept. */
  applyStateChange(answer: Pick<CaseForm, 'isClose' | 'isArchived' | 'version'> & { submissionId?: string | null }): void {
    const flags = {
      isClose: answer.isClose, isArchived: answer.isArchived, version: answer.version,
      // null is an answer (a case withdrawn from its package, issue 30); only a missing field keeps the stored one.
      submissionId: answer.submissionId === undefined ? this.state.saved.submissionId : answer.submissionId,
    };
    const saved = { ...this.state.saved, ...flags };
    const form = { ...this.state.form, ...flags };
    this.set(this.derive(form, saved, this.state.touched, this.state.revealAll));
  }

  /**
   * A fresh server copy arrived. The same version: nothing to do. Without unsaved edits it
   * replaces the form. With edits, it is absorbed only when it differs from the baseline in the
   * case's state alone; otherwise someone else changed the case and the caller must ask.
   */
  absorb(serverCase: CaseForm): 'unchanged' | 'loaded' | 'conflict' {
    const { saved, dirty, form } = this.state;
    // A copy of another case never lands in this form (issue 25 item 1): the page makes a new store per case.
    if ((serverCase._id ?? null) !== (saved._id ?? null) || serverCase.patientid !== saved.patientid) return 'unchanged';
    // Packaging gives a case its submissionId (Submitted): a state change like close or archive.
    if (
      serverCase.version === saved.version && serverCase.isClose === saved.isClose && serverCase.isArchived === saved.isArchived
      && (serverCase.submissionId ?? null) === (saved.submissionId ?? null)
    ) {
      return 'unchanged';
    }
    if (!dirty) {
      this.load(serverCase);
      return 'loaded';
    }
    const server = this.normalize(serverCase);
    // Issue 32: the server holds exactly the form's edits (a save queued offline and sent since, or one
    // whose answer was lost and was replayed): they are saved, at the server's version.
    if (sameValue(stripVolatile(server), stripVolatile(form))) {
      this.load(serverCase);
      return 'loaded';
    }
    if (sameValue(stripVolatile(server), stripVolatile(saved))) {
      this.restore(serverCase, form);
      return 'loaded';
    }
    return 'conflict';
  }

  /** The problems of the form as the server would judge Close, for the dialog. */
  closeErrors(): FieldError[] {
    return validateCloseCase(this.state.form, { today: this.today() });
  }

  /** The libs save check ('Please enter the Case #', date bounds, hard limits, OB score) and unreadable numbers: what stops a save. */
  saveErrors(): FieldError[] {
    return [...this.unreadableErrors(), ...caseSaveErrors(this.state.form, { today: this.today() })];
  }

  /** Unusual but possible values this save brings that the user has not confirmed yet (libs softWarnings). */
  unconfirmedWarnings(confirmed: readonly string[] = []): PlausibilityWarning[] {
    return unconfirmedWarnings(this.state.saved, this.state.form, confirmed);
  }

  private unreadableErrors(): FieldError[] {
    return [...this.unreadable].map((field) => {
      const meta = fieldMeta(field);
      return { field, label: meta.label, section: meta.section, message: MESSAGES.invalidValue };
    });
  }

  /** A form as the rules leave it, without what the server owns: for "is this the same work". */
  normalizeForCompare(form: CaseForm): Partial<CaseForm> {
    return stripVolatile(this.normalize(form));
  }

  private normalize(form: CaseForm): CaseForm {
    return applyCaseChange(form, {}, { patientBirthDate: this.options.patientBirthDate });
  }

  private derive(form: CaseForm, saved: CaseForm, touched: ReadonlySet<FieldPath>, revealAll: boolean): CaseFormState {
    // What was typed comes first: an unreadable number is 'Invalid Value', not the 'required' of its empty value.
    const list = [...this.unreadableErrors(), ...caseSaveErrors(form, { today: this.today() }), ...validateCloseCase(form, { today: this.today() })];
    const errors = new Map<FieldPath, FieldError>();
    for (const error of list) if (!errors.has(error.field)) errors.set(error.field, error);
    return {
      form,
      saved,
      errors,
      failingSections: sectionsWithErrors(list),
      touched,
      revealAll,
      dirty: !sameValue(stripVolatile(form), stripVolatile(saved)),
    };
  }

  private set(next: CaseFormState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

/** What the server owns (the libs list) and the version: left out when deciding whether there are unsaved edits. */
function stripVolatile(form: CaseForm): Partial<CaseForm> {
  const rest: Partial<CaseForm> = { ...form };
  for (const field of [...SERVER_OWNED_CASE_FIELDS, 'version'] as const) delete rest[field];
  return rest;
}
