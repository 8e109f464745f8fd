import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

const PACKAGES_FOLDER = 'packages';

/** The package files on disk, under DATA_DIR/packages, readable by the server's user only. */
@Injectable()
export class PackageStore {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private get folder(): string {
    return join(this.config.dataDir, PACKAGES_FOLDER);
  }

  /** The file's bytes, or null when it is not there. */
  async read(fileName: string): Promise<Buffer | null> {
    return readFile(join(this.folder, fileName)).catch(() => null);
  }

  /** Written beside and renamed into place, so a reader never sees half a package. */
  async write(fileName: string, bytes: Uint8Array): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    const temporary = join(this.folder, `.${fileName}.${randomBytes(6).toString('hex')}.part`);
    await writeFile(temporary, bytes, { mode: 0o600 });
    await rename(temporary, join(this.folder, fileName));
  }

  /**
   * Removes the package files that no package row owns (issue 27 item 6: a build killed after
   * writing its ZIP, a half-written .part), older than a build takes, so another server's build under
   * way keeps its file. Answers how many it removed.
   */
  async removeUnowned(owned: ReadonlySet<string>, olderThanMs = 10 * 60_000): Promise<number> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    const before = Date.now() - olderThanMs;
    let removed = 0;
    for (const name of names) {
      if (owned.has(name)) continue;
      const path = join(this.folder, name);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile() || info.mtimeMs > before) continue;
      await rm(path, { force: true });
      removed += 1;
    }
    return removed;
  }
}
