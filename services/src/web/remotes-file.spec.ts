import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RemotesFile } from './remotes-file.js';

const listing = (...entries: string[]) => JSON.stringify({ remotes: entries.map((entry, i) => ({ name: `mfe_${i}`, entry })) });

/** Until `check` holds (the folder watch reports a change a moment after it happens), at most 5 s. */
async function eventually(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('the change was not seen within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('remotes.json, re-read when it changes', () => {
  let folder: string;
  let path: string;
  let remotes: RemotesFile;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'pnss-remotes-'));
    path = join(folder, 'remotes.json');
    writeFileSync(path, listing('/modules/cases/mf-manifest.json', 'https://cdn.example.org/admin/mf-manifest.json'));
    remotes = new RemotesFile(path);
  });
  afterEach(() => {
    remotes.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('names the origins of the remotes given by absolute URL, each once; same-origin entries add none', () => {
    writeFileSync(path, listing('/modules/cases/mf-manifest.json', 'https://cdn.example.org/a/mf-manifest.json', 'https://cdn.example.org/b/mf-manifest.json'));
    expect(remotes.current().origins).toEqual(['https://cdn.example.org']);
  });

  it('keeps the same state while the file is unchanged, so what is derived from it is kept too', () => {
    const first = remotes.current();
    expect(remotes.current()).toBe(first);
    remotes.watch();
    expect(remotes.latest()).toBe(first);
  });

  it('sees a module moved to a new origin by a write in place, at the next look', () => {
    remotes.current();
    writeFileSync(path, listing('http://127.0.0.1:8305/mf-manifest.json'));
    expect(remotes.current().origins).toEqual(['http://127.0.0.1:8305']);
  });

  it('sees, through the folder watch, a file an editor replaced by renaming a new one over it', async () => {
    remotes.watch();
    const before = remotes.latest();
    expect(before.origins).toEqual(['https://cdn.example.org']);
    const written = join(folder, '.remotes.json.swp');
    writeFileSync(written, listing('http://127.0.0.1:8305/mf-manifest.json'));
    renameSync(written, path);
    await eventually(() => remotes.latest() !== before);
    expect(remotes.latest().origins).toEqual(['http://127.0.0.1:8305']);
  });

  it('serves nothing and names no origin while the file is missing or not JSON, and recovers when it is back', () => {
    rmSync(path);
    expect(remotes.current()).toEqual({ text: null, origins: [] });
    writeFileSync(path, '{ "remotes": [ ');
    expect(remotes.current().origins).toEqual([]);
    writeFileSync(path, listing('https://cdn.example.org/x/mf-manifest.json'));
    expect(remotes.current().origins).toEqual(['https://cdn.example.org']);
  });
});
