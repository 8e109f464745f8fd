import { OFFLINE_SESSION_DATABASE } from '../offline/offline-session.js';

/**
 * The row of the offline key's slot (`pnss-offline-session`, slot 'signed-in') as IndexedDB returns
 * it, a structured clone as after a reload; undefined when there is none. Opens the database as is,
 * creating nothing beyond what `open` makes. `factory` is the IndexedDB to read (the global one
 * unless a test made its own).
 */
export async function keptOfflineKey(factory: IDBFactory = indexedDB): Promise<{ userId: string; key: CryptoKey } | undefined> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open(OFFLINE_SESSION_DATABASE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    if (!db.objectStoreNames.contains('keys')) return undefined;
    return await new Promise((resolve, reject) => {
      const request = db.transaction('keys').objectStore('keys').get('signed-in');
      request.onsuccess = () => resolve(request.result as { userId: string; key: CryptoKey } | undefined);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}
