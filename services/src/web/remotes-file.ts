import { readFileSync, statSync } from 'node:fs';
import { originOf } from '../config/app-config.js';

/**
 * remotes.json (REMOTES_FILE), re-read when it changes on disk: deploying a module means editing
 * one URL in it, with no restart. Its absolute URLs name the origins the shell may load code from.
 */
export class RemotesFile {
  private cache: { mtimeMs: number; text: string | null } | null = null;

  constructor(readonly path: string) {}

  /** The file's text, or null when it is missing or unreadable. */
  text(): string | null {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.path).mtimeMs;
    } catch {
      this.cache = null;
      return null;
    }
    if (this.cache?.mtimeMs !== mtimeMs) {
      let text: string | null;
      try {
        text = readFileSync(this.path, 'utf8');
      } catch {
        text = null;
      }
      this.cache = { mtimeMs, text };
    }
    return this.cache.text;
  }

  /** The origins of remotes given by absolute URL; same-origin remotes add none. */
  origins(): string[] {
    const text = this.text();
    if (!text) return [];
    try {
      const parsed = JSON.parse(text) as { remotes?: Array<{ entry?: unknown }> };
      const origins = (parsed.remotes ?? [])
        .map((remote) => (typeof remote.entry === 'string' ? originOf(remote.entry) : null))
        .filter((origin): origin is string => origin !== null);
      return [...new Set(origins)];
    } catch {
      return [];
    }
  }
}
