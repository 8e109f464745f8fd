import { SERVER_OWNED_CASE_FIELDS, type CaseForm, type ServerOwnedCaseField } from '@pnss/libs/api';

/**
 * The unsaved edits of a case kept in this browser (SPEC.md has none of this; issue 5: nothing
 * typed is lost; issue 25 item 2: a draft belongs to exactly one case and one user).
 *
 * This file is the one place that knows where drafts live. Today that is localStorage; the API is
 * asynchronous (load, save, discard by key) so the storage can become an encrypted IndexedDB store
 * without touching the form. Nothing else in the module reads or writes drafts.
 */

/** Whose edits, on which case: a saved case by its id, a new (unsaved) case by its patient. */
export interface DraftKey {
  userId: string;
  patientId: string;
  /** null for a new case not saved yet. */
  caseId: string | null;
}

/** A case's field answers only: never its ids, status, version or the server's clock. */
export type DraftAnswers = Omit<CaseForm, ServerOwnedCaseField | '_id' | 'patientid' | 'version'>;

export interface CaseDraft {
  userId: string;
  patientId: string;
  caseId: string | null;
  /** The server version the edits were made on (0 for a new case). */
  baseVersion: number;
  answers: DraftAnswers;
  savedAt: string;
}

const PREFIX = 'pnss.case-draft.v2.';
/** Drafts of the first format, keyed by case alone (they could land on another case): removed unread. */
const LEGACY_PREFIX = 'pnss.case-draft.';

function storageKey({ userId, patientId, caseId }: DraftKey): string {
  const target = caseId ? `case:${caseId}` : `new:${patientId}`;
  return `${PREFIX}${encodeURIComponent(userId)}.${encodeURIComponent(target)}`;
}

/** The answers of a form, without what the server owns (status, ids, version, clock). */
export function draftAnswersOf(form: CaseForm): DraftAnswers {
  const answers: Record<string, unknown> = { ...form };
  for (const field of [...SERVER_OWNED_CASE_FIELDS, '_id', 'patientid', 'version']) delete answers[field];
  return answers as DraftAnswers;
}

function isDraft(value: unknown): value is CaseDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Partial<CaseDraft>;
  return (
    typeof draft.userId === 'string' && typeof draft.patientId === 'string'
    && (draft.caseId === null || typeof draft.caseId === 'string')
    && typeof draft.baseVersion === 'number' && typeof draft.answers === 'object' && draft.answers !== null
    && typeof draft.savedAt === 'string'
  );
}

function removeLegacy(): void {
  for (let i = localStorage.length - 1; i >= 0; i -= 1) {
    const key = localStorage.key(i);
    if (key && key.startsWith(LEGACY_PREFIX) && !key.startsWith(PREFIX)) localStorage.removeItem(key);
  }
}

export const drafts = {
  /** The draft kept under `key`, or null (none, unreadable, or storage unavailable). */
  async load(key: DraftKey): Promise<CaseDraft | null> {
    try {
      removeLegacy();
      const raw = localStorage.getItem(storageKey(key));
      if (!raw) return null;
      const draft: unknown = JSON.parse(raw);
      return isDraft(draft) ? draft : null;
    } catch {
      return null;
    }
  },

  async save(key: DraftKey, draft: CaseDraft): Promise<void> {
    try {
      localStorage.setItem(storageKey(key), JSON.stringify(draft));
    } catch {
      // Quota exceeded or storage disabled: the form still works, only the safety net is missing.
    }
  },

  async discard(key: DraftKey): Promise<void> {
    try {
      localStorage.removeItem(storageKey(key));
    } catch {
      // Storage unavailable: nothing was kept, nothing to remove.
    }
  },
};

/** Why a draft found under a key may not be offered for the case on screen. */
export type DraftMismatch = 'other-user' | 'other-case' | 'stale-version';

/**
 * A draft is offered only on the case and for the user it was made for, and only on the version it
 * was based on: edits made on an older version would silently undo someone's newer work.
 */
export function draftMismatch(draft: CaseDraft, key: DraftKey, serverVersion: number): DraftMismatch | null {
  if (draft.userId !== key.userId) return 'other-user';
  if (draft.caseId !== key.caseId || draft.patientId !== key.patientId) return 'other-case';
  if (draft.baseVersion !== serverVersion) return 'stale-version';
  return null;
}

/** What the user is told when a kept draft is thrown away. */
export const DRAFT_DISCARDED_MESSAGES: Record<DraftMismatch, string> = {
  'other-user': 'Unsaved changes kept in this browser were not yours and were discarded.',
  'other-case': 'Unsaved changes kept in this browser belonged to another case and were discarded.',
  'stale-version': 'Unsaved changes kept in this browser were made on an older version of this case, which has changed since; they were discarded.',
};
