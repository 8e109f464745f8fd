import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

const VERSION_PATTERN = /^\d+(\.\d+){0,3}([-+][0-9A-Za-z.-]+)?$/;
const FRESH_MS = 10 * 60_000;
const RETRY_MS = 60_000;
const TIMEOUT_MS = 3_000;

/**
 * The version published on the update site. SITE_VERSION_URL may answer plain text ("1.4.0") or
 * JSON with `version` or `siteVersion`; when it is unset or unreachable, SITE_VERSION is used
 * (which defaults to the running version, so no update is flagged).
 */
@Injectable()
export class SiteVersionClient {
  private readonly logger = new Logger('SiteVersion');
  private cached: { version: string; until: number } | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async current(): Promise<string> {
    const url = this.config.siteVersionUrl;
    if (!url) return this.config.siteVersion;
    if (this.cached && this.cached.until > Date.now()) return this.cached.version;
    const fetched = await this.fetchVersion(url);
    this.cached = fetched
      ? { version: fetched, until: Date.now() + FRESH_MS }
      : { version: this.config.siteVersion, until: Date.now() + RETRY_MS };
    return this.cached.version;
  }

  private async fetchVersion(url: string): Promise<string | null> {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json, text/plain' } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const text = (await response.text()).trim();
      let version = text;
      if (text.startsWith('{')) {
        const body = JSON.parse(text) as { version?: unknown; siteVersion?: unknown };
        version = String(body.version ?? body.siteVersion ?? '');
      }
      if (!VERSION_PATTERN.test(version)) throw new Error('the answer is not a version');
      return version;
    } catch (error) {
      this.logger.warn(`Could not read the site version: ${error instanceof Error ? error.message : 'unknown error'}`);
      return null;
    }
  }
}
