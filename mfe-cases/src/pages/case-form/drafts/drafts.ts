import { SERVER_OWNED_CASE_FIELDS, type CaseForm, type ServerOwnedCaseField } from '@pnss/libs/api';
import { currentOfflineStore, type OfflineStore } from '@pnss/web';

/**
 * The unsaved edits of a case kept in this browser (SPEC.md has none of this; issue 5: nothing
 * typed is lost; issue 25 item 2: a draft belongs to exactly one case and one user).
 *
 * This file is the one place that knows where drafts live: the signed-in user's encrypted offline
 * store (issue 32: patient data kept on the device is encrypted), sealed with AES-GCM under a key
 * that exists only while the user is signed in. With no store open for the user (signed out, or a
 * tab that does not hold the key) nothing is kept, and the form says so. Drafts of earlier builds,
 * kept in plain localStorage, are deleted unread. Nothing else in the module reads or writes drafts.
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

/**
 * Plain localStorage drafts of earlier builds: `pnss.case-draft.<case>` (keyed by case alone) and
 * `pnss.case-draft.v2.<user>.<case>`. Both hold patient text in the clear: deleted unread.
 */
const PLAIN_PREFIX = 'pnss.case-draft.';

/** The record's key inside the user's own store (the store is the user's: the user is not repeated). */
function recordKey({ patientId, caseId }: DraftKey): string {
  return caseId ? `case-draft:case:${caseId}` : `case-draft:new:${patientId}`;
}

/** The open store of the draft's user, or null: another user's store never holds this user's drafts. */
function storeFor(key: DraftKey): OfflineStore | null {
  const store = currentOfflineStore();
  return store && store.userId === key.userId ? store : null;
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

/** Deletes, without reading them, the plain-text drafts earlier builds kept in localStorage. */
export function removePlainDrafts(): void {
  try {
    for (let i = localStorage.length - 1; i >= 0; i -= 1) {
      const name = localStorage.key(i);
      if (name?.startsWith(PLAIN_PREFIX)) localStorage.removeItem(name);
    }
  } catch {
    // Storage disabled: there is nothing in it to remove.
  }
}

export const drafts = {
  /** Whether edits made under `key` are kept at all: only while the user's encrypted store is open. */
  keeping(key: DraftKey): boolean {
    return storeFor(key) !== null;
  },

  /** The draft kept under `key`, or null (none, unreadable, or no store open for the user). */
  async load(key: DraftKey): Promise<CaseDraft | null> {
    removePlainDrafts();
    const store = storeFor(key);
    if (!store) return null;
    try {
      const draft = await store.get<unknown>(recordKey(key));
      return isDraft(draft) ? draft : null;
    } catch {
      // Sealed under another key or damaged: as good as none.
      return null;
    }
  },

  /** Keeps the draft sealed in the user's store; with no store open, nothing is kept. */
  async save(key: DraftKey, draft: CaseDraft): Promise<void> {
    removePlainDrafts();
    const store = storeFor(key);
    if (!store) return;
    try {
      await store.put(recordKey(key), draft);
    } catch {
      // Quota exceeded or the store closed meanwhile (sign-out): the form still works, only the safety net is missing.
    }
  },

  async discard(key: DraftKey): Promise<void> {
    const store = storeFor(key);
    if (!store) return;
    try {
      await store.delete(recordKey(key));
    } catch {
      // The store closed meanwhile (sign-out erases it anyway).
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

/** Shown on an editable case form while no encrypted store is open for the user: edits live only on screen. */
export const DRAFTS_NOT_KEPT_MESSAGE = 'Unsaved changes are not kept on this device until you sign in again.';
