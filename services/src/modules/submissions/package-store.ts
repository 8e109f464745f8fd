import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
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
}
