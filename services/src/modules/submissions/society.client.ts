import { Inject, Injectable } from '@nestjs/common';
import type { HubReceipt } from '@pnss/libs/api';
import { API_KEY_HEADER, DEPARTMENT_HEADER, FILE_NAME_HEADER, HUB_PACKAGES_PATH } from '@pnss/libs/submissions';
import { APP_CONFIG, type AppConfig, censusConfigOf } from '../../config/app-config.js';

export type UploadResult = { ok: true; uploadId: string } | { ok: false; message: string };

/** Sends a package file to the society's hub (SOCIETY_URL) with the department's id and API key. */
@Injectable()
export class SocietyClient {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    const census = censusConfigOf(this.config);
    return Boolean(census.societyUrl && census.societyApiKey);
  }

  async upload(fileName: string, bytes: Uint8Array): Promise<UploadResult> {
    const census = censusConfigOf(this.config);
    if (!census.societyUrl || !census.societyApiKey) return { ok: false, message: 'No society endpoint is configured' };
    const url = `${census.societyUrl.replace(/\/+$/, '')}${HUB_PACKAGES_PATH}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/zip',
          [DEPARTMENT_HEADER]: census.departmentId,
          [API_KEY_HEADER]: census.societyApiKey,
          [FILE_NAME_HEADER]: fileName,
        },
        body: bytes,
        signal: AbortSignal.timeout(census.societyTimeoutMs),
      });
    } catch (error) {
      const timedOut = isTimeout(error);
      return {
        ok: false,
        message: timedOut
          ? `The society did not answer within ${Math.round(census.societyTimeoutMs / 1000)} seconds`
          : `The society could not be reached (${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)})`,
      };
    }
    const body = (await response.json().catch(() => null)) as (Partial<HubReceipt> & { message?: unknown; errors?: unknown }) | null;
    if (response.ok && body && typeof body.uploadid === 'string' && body.uploadid) return { ok: true, uploadId: body.uploadid };
    return { ok: false, message: refusal(response.status, body) };
  }
}

function refusal(status: number, body: { message?: unknown; errors?: unknown } | null): string {
  const message = typeof body?.message === 'string' ? body.message : `HTTP ${status}`;
  const errors = Array.isArray(body?.errors)
    ? (body.errors as Array<{ field?: unknown; message?: unknown }>)
        .slice(0, 5)
        .map((e) => `${String(e.field ?? '')}: ${String(e.message ?? '')}`)
    : [];
  const detail = errors.length > 0 && !errors.every((e) => message.includes(e.split(': ')[1] ?? '')) ? ` (${errors.join('; ')})` : '';
  return `The society refused the package: ${message}${detail}`;
}

/** fetch reports an AbortSignal timeout as a DOMException, sometimes wrapped as the cause of a TypeError. */
function isTimeout(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const name = (e as { name?: unknown }).name;
    if (name === 'TimeoutError' || name === 'AbortError') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return /aborted due to timeout/i.test(String(error));
}
