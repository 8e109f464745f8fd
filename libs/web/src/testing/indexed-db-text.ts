/**
 * Every value an IndexedDB database holds, strings and bytes alike (bytes read as latin1 and as
 * UTF-8), as one text to search: the tests' check that no patient text is stored in the clear.
 * `factory` is the IndexedDB to read (the global one unless a test made its own).
 */
export async function indexedDbText(name: string, factory: IDBFactory = indexedDB): Promise<string> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const parts: string[] = [];
  const bytes = (view: Uint8Array) => parts.push(Buffer.from(view).toString('latin1'), Buffer.from(view).toString('utf8'));
  const collect = (value: unknown): void => {
    // By its tag, not instanceof: the ArrayBuffer may come from another realm (jsdom's or Node's).
    if (Object.prototype.toString.call(value) === '[object ArrayBuffer]') bytes(new Uint8Array(value as ArrayBuffer));
    else if (ArrayBuffer.isView(value)) bytes(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    else parts.push(String(value));
  };
  try {
    for (const table of Array.from(db.objectStoreNames)) {
      const rows = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(table).objectStore(table).getAll();
        request.onsuccess = () => resolve(request.result as unknown[]);
        request.onerror = () => reject(request.error);
      });
      rows.forEach(collect);
    }
  } finally {
    db.close();
  }
  return parts.join('\n');
}
