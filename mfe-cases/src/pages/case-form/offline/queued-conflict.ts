import { currentOfflineStore, notifyOfflineQueue } from '@pnss/web';
import type { CaseForm } from '@pnss/libs/api';
import { draftAnswersOf, type DraftAnswers } from '../drafts/drafts.js';

/** A save of this case made offline that the server refused when it was sent: someone saved a newer version. */
export interface RefusedSave {
  /** Its place in the user's offline queue. */
  seq: number;
  /** The field answers the user saved on the device. */
  answers: DraftAnswers;
  /** The version the user saved on (older than the server's now). */
  version: number | undefined;
}

/**
 * The oldest queued save of `caseId` that the sync loop sent and the server refused with a newer
 * version (issue 32), or null. Only the signed-in user's own encrypted queue is read.
 */
export async function refusedSaveOf(caseId: string): Promise<RefusedSave | null> {
  const store = currentOfflineStore();
  if (!store) return null;
  const changes = await store.changes().catch(() => []);
  const refused = changes.find((c) => c.kind === 'saveCase' && c.recordId === caseId && c.state === 'refused' && c.newerVersion);
  if (!refused || typeof refused.body !== 'object' || refused.body === null) return null;
  return { seq: refused.seq, answers: draftAnswersOf(refused.body as CaseForm), version: refused.version };
}

/** The user settled the refused save (their choice reached the server): it leaves the queue. */
export async function settleRefusedSave(seq: number): Promise<void> {
  const store = currentOfflineStore();
  if (!store) return;
  await store.remove(seq);
  notifyOfflineQueue();
}
