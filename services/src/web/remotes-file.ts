import { type FSWatcher, readFileSync, statSync, watch } from 'node:fs';
import { basename, dirname } from 'node:path';
import { originOf } from '../config/app-config.js';

/** remotes.json as it was read: its text (null when missing or unreadable) and the origins it names. */
export interface RemotesState {
  readonly text: string | null;
  /** The origins of remotes given by absolute URL, each once; same-origin remotes add none. */
  readonly origins: readonly string[];
}

const MISSING: RemotesState = { text: null, origins: [] };

/**
 * remotes.json (REMOTES_FILE), re-read when it changes on disk: deploying a module means editing
 * one URL in it, with no restart. Its absolute URLs name the origins the shell may load code from,
 * so what is derived from them (the CSP, CORS) must follow the file too.
 *
 * Two ways to look, for two costs. `current()` stats the file (a read only when it changed): what
 * serves the file and the pages uses it, so a page always carries the policy of the remotes.json
 * it will load. `latest()` costs no system call: a watch on the file's folder (which sees an
 * editor that writes a new file and renames it over the old one, as well as a write in place)
 * marks the state stale, and only then does it stat; the API's CORS check, on the hot path, uses
 * it. Where the folder cannot be watched, `latest()` is `current()`.
 * Each state is a new object only when the file changed, so what is derived from it can be kept
 * until the state it was derived from is replaced.
 */
export class RemotesFile {
  private state: RemotesState = MISSING;
  /** mtime, ctime, size and inode: a replaced file has a new inode even when its times collide. */
  private identity: string | null = null;
  private watcher: FSWatcher | null = null;
  private stale = true;

  constructor(readonly path: string) {}

  /** The file as it is now. */
  current(): RemotesState {
    this.stale = this.watcher === null;
    let identity: string;
    try {
      const stat = statSync(this.path);
      identity = `${stat.mtimeMs}:${stat.ctimeMs}:${stat.size}:${stat.ino}`;
    } catch {
      if (this.identity !== null) {
        this.identity = null;
        this.state = MISSING;
      }
      return this.state;
    }
    if (identity !== this.identity) {
      this.identity = identity;
      this.state = stateOf(readText(this.path));
    }
    return this.state;
  }

  /** The file as of the last change the watch saw (see the class comment); free when unchanged. */
  latest(): RemotesState {
    return this.stale ? this.current() : this.state;
  }

  /** The file's text, or null when it is missing or unreadable. */
  text(): string | null {
    return this.current().text;
  }

  origins(): readonly string[] {
    return this.current().origins;
  }

  /** Starts watching the file's folder, so `latest()` learns of changes; idempotent. */
  watch(): void {
    if (this.watcher) return;
    const name = basename(this.path);
    try {
      this.watcher = watch(dirname(this.path), { persistent: false }, (_event, filename) => {
        if (filename === null || filename.toString() === name) this.stale = true;
      });
    } catch {
      this.watcher = null;
      return;
    }
    this.watcher.on('error', () => {
      // The folder went away or cannot be watched any more: look at the file each time instead.
      this.close();
    });
    this.current();
  }

  close(): void {
    this.watcher?.close();
    this.watcher = null;
    this.stale = true;
  }
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function stateOf(text: string | null): RemotesState {
  if (text === null) return MISSING;
  try {
    const parsed = JSON.parse(text) as { remotes?: Array<{ entry?: unknown }> };
    const origins = (parsed.remotes ?? [])
      .map((remote) => (typeof remote.entry === 'string' ? originOf(remote.entry) : null))
      .filter((origin): origin is string => origin !== null);
    return { text, origins: [...new Set(origins)] };
  } catch {
    return { text, origins: [] };
  }
}
