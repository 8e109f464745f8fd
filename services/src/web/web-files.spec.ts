import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { cacheControlFor, registerWebFiles, webFolders } from './web-files.js';
import { RemotesFile } from './remotes-file.js';

describe('cache headers of the web files', () => {
  it('makes the browser check entry files at every load', () => {
    for (const file of ['index.html', 'remoteEntry.js', 'mf-manifest.json', 'remotes.json', 'remoteEntry.js.br', 'index.html.gz']) {
      expect(cacheControlFor(`/srv/dist/${file}`)).toBe('no-cache');
    }
  });

  it('lets content-hashed files be cached for a year, compressed copies too', () => {
    expect(cacheControlFor('/srv/dist/main.3f2a9c1b.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/srv/dist/412.9a8b7c6d5e.chunk.css')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/srv/dist/412.9a8b7c6d.js.br')).toBe('public, max-age=31536000, immutable');
  });

  it('does not cache unhashed files for long', () => {
    expect(cacheControlFor('/srv/dist/logo.png')).toBe('no-cache');
  });
});

describe('the folders served, from remotes.json (the one list of modules)', () => {
  const remotes = JSON.stringify({
    remotes: [
      { name: 'mfe_cases', entry: '/modules/cases/mf-manifest.json', routes: ['/patients'] },
      { name: 'mfe_audit', workspace: 'audit-ui', entry: '/modules/audit/mf-manifest.json', routes: ['/audit'] },
      { name: 'mfe_reports', entry: 'https://modules.example.org/reports/mf-manifest.json', routes: ['/reports'] },
      { name: 'mfe_evil', workspace: '../etc', entry: '/modules/evil/mf-manifest.json', routes: ['/evil'] },
    ],
  });

  it("serves the shell at / and each same-origin module from its workspace's dist at its entry's folder", () => {
    expect(webFolders('/srv', remotes)).toEqual([
      { prefix: '/', root: join('/srv', 'shell', 'dist'), label: 'shell/dist' },
      { prefix: '/modules/cases/', root: join('/srv', 'mfe-cases', 'dist'), label: 'mfe-cases/dist' },
      { prefix: '/modules/audit/', root: join('/srv', 'audit-ui', 'dist'), label: 'audit-ui/dist' },
    ]);
  });

  it('serves only the shell when remotes.json is missing or unreadable', () => {
    expect(webFolders('/srv', null).map((folder) => folder.prefix)).toEqual(['/']);
    expect(webFolders('/srv', '{ not json').map((folder) => folder.prefix)).toEqual(['/']);
  });
});

/** A raw GET, so the answer's bytes and encoding are what the server sent. */
function fetchRaw(port: number, path: string, acceptEncoding: string): Promise<{ statusCode: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('precompressed web files', () => {
  let webRoot: string;
  let fastify: FastifyInstance;
  let port: number;
  const script = 'console.info("a chunk of the cases module");'.repeat(50);

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'pnss-web-files-'));
    const dist = join(webRoot, 'mfe-cases', 'dist');
    mkdirSync(dist, { recursive: true });
    mkdirSync(join(webRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(webRoot, 'shell', 'dist', 'index.html'), '<!doctype html><title>PNSS</title>');
    for (const name of ['412.9a8b7c6d.js', 'remoteEntry.js']) {
      writeFileSync(join(dist, name), script);
      writeFileSync(join(dist, `${name}.br`), brotliCompressSync(script));
      writeFileSync(join(dist, `${name}.gz`), gzipSync(script));
    }
    writeFileSync(join(webRoot, 'remotes.json'), JSON.stringify({ remotes: [{ name: 'mfe_cases', entry: '/modules/cases/mf-manifest.json', routes: ['/cases'] }] }));
    fastify = Fastify();
    await registerWebFiles(fastify, webRoot, new RemotesFile(join(webRoot, 'remotes.json')));
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    port = (fastify.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await fastify.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends the brotli copy to a browser that accepts br, as JavaScript, immutable when hashed', async () => {
    const res = await fetchRaw(port, '/modules/cases/412.9a8b7c6d.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.length).toBeLessThan(script.length / 5);
  });

  it('sends the gzip copy to a browser that accepts only gzip, and the entry file with no-cache', async () => {
    const res = await fetchRaw(port, '/modules/cases/remoteEntry.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const res = await fetchRaw(port, '/modules/cases/412.9a8b7c6d.js', 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString('utf8')).toBe(script);
  });
});
