/**
 * The encryption of what PNSS keeps on the device (issue 32): AES-GCM 256 under a key derived from
 * the user's password at sign-in (PBKDF2, SHA-256, a random salt per user and device). The key is a
 * non-extractable CryptoKey: no script, the page's own included, can read its bytes, only ask the
 * browser to encrypt and decrypt with it. It is kept as a CryptoKey in IndexedDB while the user is
 * signed in (see offline-session.ts) so a reload, offline too, reopens the queue, and deleted when the
 * session ends. Because the same password gives the same key, a session that expires while offline
 * loses nothing: signing in again opens the same queue.
 */

/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256. */
export const OFFLINE_KEY_ITERATIONS = 600_000;

/** What is stored for one encrypted value: the nonce and the ciphertext with its tag. */
export interface Sealed {
  iv: Uint8Array;
  data: ArrayBuffer;
}

/** The WebCrypto the store uses: the page's, or one given by a test. */
export type WebCrypto = Pick<Crypto, 'subtle' | 'getRandomValues'>;

export function pageCrypto(): WebCrypto {
  return globalThis.crypto;
}

export function randomSalt(crypto: WebCrypto = pageCrypto()): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(16));
}

/** The user's offline key, from the password typed at sign-in: not extractable, its bytes never leave WebCrypto. */
export async function deriveOfflineKey(
  password: string,
  salt: Uint8Array,
  options: { iterations?: number; crypto?: WebCrypto } = {},
): Promise<CryptoKey> {
  const { subtle } = options.crypto ?? pageCrypto();
  const material = await subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveKey']);
  return subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations: options.iterations ?? OFFLINE_KEY_ITERATIONS },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/**
 * Encrypts a JSON value. `place` (the user, the table and the row) is bound as additional data, so a
 * value copied to another row or another user's store fails to open instead of being read as theirs.
 */
export async function seal(key: CryptoKey, place: string, value: unknown, crypto: WebCrypto = pageCrypto()): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: iv as BufferSource, additionalData: new TextEncoder().encode(place) },
    key,
    new TextEncoder().encode(JSON.stringify(value)),
  );
  return { iv, data };
}

/** Decrypts what `seal` made at the same place with the same key; anything else throws. */
export async function open<T>(key: CryptoKey, place: string, sealed: Sealed, crypto: WebCrypto = pageCrypto()): Promise<T> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: sealed.iv as BufferSource, additionalData: new TextEncoder().encode(place) },
    key,
    sealed.data,
  );
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}
