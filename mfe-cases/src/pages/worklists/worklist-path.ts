import type { WorklistKey } from '@pnss/libs/api';

/** The hash path of a worklist, its key encoded. */
export function worklistPath(list: WorklistKey): string {
  return `/cases/worklists/${encodeURIComponent(list)}`;
}
