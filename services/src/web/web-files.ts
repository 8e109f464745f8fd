import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RemotesFile } from './remotes-file.js';

/** Files that name other files: a browser must check them at every load, or a deploy goes unseen. */
const ENTRY_FILES = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'remotes.json']);
/** `main.3f2a9c1b.js`, `123.a1b2c3d4e5.chunk.css`: the name changes whenever the content does. */
const HASHED_NAME = /[.-][0-9a-f]{8,}\./i;
/** The brotli and gzip copies the build writes beside each file (libs/build precompress). */
const COMPRESSED_SUFFIX = /\.(br|gz)$/;

export function cacheControlFor(path: string): string {
  const name = basename(path).replace(COMPRESSED_SUFFIX, '');
  if (ENTRY_FILES.has(name)) return 'no-cache';
  return HASHED_NAME.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function setCacheHeaders(reply: FastifyReply, path: string): void {
  void reply.header('Cache-Control', cacheControlFor(path));
}

export interface WebFolder {
  /** URL prefix, e.g. `/modules/cases/`. */
  prefix: string;
  /** The built files, e.g. `<webRoot>/mfe-cases/dist`. */
  root: string;
  /** For the start-up message when the folder is missing, e.g. `mfe-cases/dist`. */
  label: string;
}

interface ListedModule {
  name?: unknown;
  entry?: unknown;
  workspace?: unknown;
}

/**
 * The folders to serve, from remotes.json (the one list of modules): every module whose entry is
 * a path on this server is served from its workspace's dist/ at the folder of that path. The
 * workspace is the entry's `workspace`, or by convention the module's name with '-' for '_'
 * (`mfe_cases` → `mfe-cases`). Modules published elsewhere (absolute URLs) are not served here.
 */
export function webFolders(webRoot: string, remotesText: string | null): WebFolder[] {
  const folders: WebFolder[] = [{ prefix: '/', root: join(webRoot, 'shell', 'dist'), label: 'shell/dist' }];
  let listed: ListedModule[] = [];
  try {
    const parsed = remotesText ? (JSON.parse(remotesText) as { remotes?: unknown }) : null;
    if (Array.isArray(parsed?.remotes)) listed = parsed.remotes as ListedModule[];
  } catch {
    listed = [];
  }
  for (const remote of listed) {
    if (typeof remote.name !== 'string' || typeof remote.entry !== 'string') continue;
    if (!remote.entry.startsWith('/') || remote.entry.startsWith('//')) continue;
    const prefix = remote.entry.slice(0, remote.entry.lastIndexOf('/') + 1);
    if (prefix === '/' || folders.some((folder) => folder.prefix === prefix)) continue;
    const workspace = typeof remote.workspace === 'string' ? remote.workspace : remote.name.replaceAll('_', '-');
    if (!/^[a-z0-9][a-z0-9-]*$/i.test(workspace)) continue;
    folders.push({ prefix, root: join(webRoot, workspace, 'dist'), label: `${workspace}/dist` });
  }
  return folders;
}

/**
 * Serves the shell at `/`, each module of remotes.json at the folder of its entry and
 * `/remotes.json`, so one port serves everything. Each file goes out as the brotli or gzip copy
 * the build made, whichever the browser accepts. Returns the dist folders that are missing (the
 * API still runs without them).
 */
export async function registerWebFiles(fastify: FastifyInstance, webRoot: string, remotes: RemotesFile): Promise<string[]> {
  fastify.get('/remotes.json', async (_request, reply) => {
    const text = remotes.text();
    void reply.header('Cache-Control', 'no-cache');
    if (text === null) return reply.status(404).send({ statusCode: 404, message: 'remotes.json not found' });
    return reply.type('application/json; charset=utf-8').send(text);
  });

  const missing: string[] = [];
  let first = true;
  for (const folder of webFolders(webRoot, remotes.text())) {
    if (!existsSync(folder.root)) {
      missing.push(folder.label);
      continue;
    }
    await fastify.register(fastifyStatic, {
      root: folder.root,
      prefix: folder.prefix,
      // Only the first registration may add reply.sendFile.
      decorateReply: first,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      dotfiles: 'deny',
      setHeaders: setCacheHeaders,
      schemaHide: true,
    });
    first = false;
  }
  return missing;
}
