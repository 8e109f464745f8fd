import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RemotesFile } from '../web/remotes-file.js';
import { RemoteOrigins } from './remote-origins.js';

const listing = (entry: string) => JSON.stringify({ remotes: [{ name: 'mfe_admin', entry }] });
const header = (headers: ReadonlyArray<readonly [string, string]>, name: string) => headers.find(([n]) => n === name)?.[1];

describe('the module origins, following the remotes.json served at that moment', () => {
  let folder: string;
  let path: string;
  let remotes: RemotesFile;
  let origins: RemoteOrigins;
  let derivations: number;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'pnss-origins-'));
    path = join(folder, 'remotes.json');
    writeFileSync(path, listing('https://cdn.example.org/admin/mf-manifest.json'));
    remotes = new RemotesFile(path);
    derivations = 0;
    origins = new RemoteOrigins(remotes, ['https://shell.example.org'], (allowed) => {
      derivations += 1;
      return {
        contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'self'"], 'connect-src': ["'self'", ...allowed] } },
        crossOriginResourcePolicy: { policy: allowed.length > 0 ? 'cross-origin' : 'same-origin' },
      };
    });
  });
  afterEach(() => {
    remotes.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("lets a page load a module moved to a new origin by an edit of remotes.json, without a restart, and no longer the old origin", () => {
    expect(header(origins.forPages().documents, 'content-security-policy')).toContain('https://cdn.example.org');
    writeFileSync(path, listing('http://127.0.0.1:8305/mf-manifest.json'));
    const csp = header(origins.forPages().documents, 'content-security-policy');
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:8305 https://shell.example.org");
    expect(csp).not.toContain('cdn.example.org');
  });

  it('answers CORS for the new origin and CORS_ORIGINS, and no longer for the old one', () => {
    expect(origins.allows('https://cdn.example.org')).toBe(true);
    writeFileSync(path, listing('http://127.0.0.1:8305/mf-manifest.json'));
    origins.forPages();
    expect(origins.allows('http://127.0.0.1:8305')).toBe(true);
    expect(origins.allows('https://shell.example.org')).toBe(true);
    expect(origins.allows('https://cdn.example.org')).toBe(false);
  });

  it('works the headers out once per state of the file, not per answer', () => {
    for (let i = 0; i < 100; i++) {
      origins.forPages();
      origins.forApi();
      origins.allows('https://cdn.example.org');
    }
    expect(derivations).toBe(1);
    writeFileSync(path, listing('http://127.0.0.1:8305/mf-manifest.json'));
    for (let i = 0; i < 100; i++) origins.forPages();
    expect(derivations).toBe(2);
  });

  it('keeps the resource policy same-origin when every module is served by the platform and no other origin is allowed', () => {
    const alone = new RemoteOrigins(remotes, [], (allowed) => ({ crossOriginResourcePolicy: { policy: allowed.length > 0 ? 'cross-origin' : 'same-origin' } }));
    writeFileSync(path, listing('/modules/admin/mf-manifest.json'));
    expect(header(alone.forApi().api, 'cross-origin-resource-policy')).toBe('same-origin');
    writeFileSync(path, listing('http://127.0.0.1:8305/mf-manifest.json'));
    expect(header(alone.forPages().api, 'cross-origin-resource-policy')).toBe('cross-origin');
  });
});
