import { Inject, Injectable } from '@nestjs/common';
import type { NationalComparisonAnswer, NationalStandingAnswer } from '@pnss/libs/api';
import { API_KEY_HEADER, DEPARTMENT_HEADER, HUB_STANDING_PATH } from '@pnss/libs/submissions';
import { APP_CONFIG, type AppConfig, censusConfigOf } from '../../config/app-config.js';
import { nationalScopeOf } from './national-figures.service.js';

/** A standing fetched this recently is answered from the cache. */
export const STANDING_CACHE_MS = 15 * 60_000;
const CACHE_MAX = 200;

/**
 * A department's Reports beside the nation (issue 29 'Back to the departments'): its standing fetched
 * from the society's hub with the department's key (SOCIETY_URL, SOCIETY_API_KEY), cached, labelled
 * with when it was fetched. Without a society, or when the hub cannot answer, it says so in words
 * (then an earlier answer is still shown, with its date).
 */
@Injectable()
export class NationalComparisonService {
  private readonly cache = new Map<string, { at: number; standing: NationalStandingAnswer }>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async comparison(query: Record<string, unknown>): Promise<NationalComparisonAnswer> {
    const scope = nationalScopeOf({ from: query.from, to: query.to });
    const census = censusConfigOf(this.config);
    if (!census.societyUrl || !census.societyApiKey) {
      return { configured: false, message: 'No society is configured (SOCIETY_URL and SOCIETY_API_KEY): there is no national comparison.', fetchedAt: null, standing: null };
    }
    const key = `${scope.from}/${scope.to}`;
    const cached = this.cache.get(key);
    if (cached && Date.now() - cached.at < STANDING_CACHE_MS) return answer(cached.at, cached.standing, 'The national figures, as the society computed them');
    const url = `${census.societyUrl.replace(/\/+$/, '')}${HUB_STANDING_PATH}?from=${scope.from}&to=${scope.to}`;
    let problem: string;
    try {
      const response = await fetch(url, {
        headers: { [DEPARTMENT_HEADER]: census.departmentId, [API_KEY_HEADER]: census.societyApiKey, Accept: 'application/json' },
        signal: AbortSignal.timeout(census.societyTimeoutMs),
      });
      const body = (await response.json().catch(() => null)) as (NationalStandingAnswer & { message?: unknown }) | null;
      if (response.ok && body && body.departmentId === census.departmentId) {
        const at = Date.now();
        if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
        this.cache.set(key, { at, standing: body });
        return answer(at, body, 'The national figures, as the society computed them');
      }
      problem = `the society answered ${response.status}${typeof body?.message === 'string' ? `: ${body.message}` : ''}`;
    } catch (error) {
      problem = `the society could not be reached (${error instanceof Error ? error.message : String(error)})`;
    }
    if (cached) return answer(cached.at, cached.standing, `The national figures could not be refreshed (${problem}); these are from ${new Date(cached.at).toISOString()}`);
    return { configured: true, message: `No national comparison: ${problem}.`, fetchedAt: null, standing: null };
  }
}

function answer(at: number, standing: NationalStandingAnswer, message: string): NationalComparisonAnswer {
  return { configured: true, message, fetchedAt: new Date(at).toISOString(), standing };
}
