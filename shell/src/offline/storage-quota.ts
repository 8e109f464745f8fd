/**
 * The browser's storage nearing its quota (issue 32: "a queue nearing the browser's storage quota
 * warns the user before it refuses more"). The browser refuses a write once its quota is reached;
 * from STORAGE_WARNING_SHARE of it on, the header says so in words.
 */
export const STORAGE_WARNING_SHARE = 0.8;

export interface StorageUse {
  usage?: number;
  quota?: number;
}

export function storageWarning(estimate: StorageUse | null): string | null {
  if (!estimate?.quota || estimate.usage === undefined) return null;
  const share = estimate.usage / estimate.quota;
  if (share < STORAGE_WARNING_SHARE) return null;
  return `Storage on this device is ${Math.min(100, Math.floor(share * 100))}% full. Connect to send the waiting changes: once it is full, no more changes can be kept on this device.`;
}

/** What `navigator.storage.estimate()` says now, as a warning or null (no warning, or a browser that cannot tell). */
export async function readStorageWarning(): Promise<string | null> {
  try {
    const storage = (navigator as Navigator & { storage?: StorageManager }).storage;
    return storageWarning(storage?.estimate ? await storage.estimate() : null);
  } catch {
    return null;
  }
}
