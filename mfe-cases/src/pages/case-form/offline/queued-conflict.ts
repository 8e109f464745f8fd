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

/**
 * After a save of `caseId` went through from the form (say after the online conflict dialog): every
 * refused queued save of that case whose answers all reached the server is done, and leaves the queue.
 * One holding an answer the server does not have stays, to be settled when the case is opened.
 */
export async function settleReflectedSaves(caseId: string, reflected: (answers: DraftAnswers) => boolean): Promise<void> {
  const store = currentOfflineStore();
  if (!store) return;
  const changes = await store.changes().catch(() => []);
  const done = changes.filter((c) => c.kind === 'saveCase' && c.recordId === caseId && c.state === 'refused'
    && typeof c.body === 'object' && c.body !== null && reflected(draftAnswersOf(c.body as CaseForm)));
  for (const change of done) await store.remove(change.seq);
  if (done.length > 0) notifyOfflineQueue();
}
