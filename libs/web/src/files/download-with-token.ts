import { withSessionToken } from '../session/session-storage.js';
import { isErrorEnvelope } from '../errors/describe-error.js';

/** How long the object URL of a saved file lives: long enough for the browser to start the save. */
const OBJECT_URL_LIFETIME_MS = 1000;

/** Saves `blob` as `fileName` through a link the browser downloads (the one way every module saves a file). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/** The file name a Content-Disposition header gives (`filename="..."`), if any. */
export function dispositionFileName(disposition: string | null): string | null {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? null;
}

export interface DownloadOptions {
  /** The message of a refusal without the error envelope, followed by ` (status)`. */
  failureMessage?: string;
  /** More of the request (method, body, headers); the session's token is added. */
  init?: RequestInit;
}

/**
 * Fetches `url` with the session's token and saves the answer under the server's file name
 * (Content-Disposition), else `fallbackFileName`; answers the name it saved. A refusal throws
 * with the envelope's message, or `failureMessage (status)` when the answer is not the envelope.
 */
export async function downloadWithToken(
  url: string,
  fallbackFileName: string,
  { failureMessage = 'The file could not be downloaded', init = {} }: DownloadOptions = {},
): Promise<string> {
  const response = await fetch(url, { ...init, headers: withSessionToken(new Headers(init.headers)) });
  if (!response.ok) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // Not JSON: the status says what happened.
    }
    throw new Error(isErrorEnvelope(body) ? body.message : `${failureMessage} (${response.status})`);
  }
  const fileName = dispositionFileName(response.headers.get('Content-Disposition')) ?? fallbackFileName;
  saveFile(await response.blob(), fileName);
  return fileName;
}
