import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RemotesFile } from './remotes-file.js';

/** URL folder under /modules/ → the workspace that builds it. */
export const MODULE_FOLDERS = { cases: 'mfe-cases', submissions: 'mfe-submissions', reports: 'mfe-reports', admin: 'mfe-admin' } as const;

/** Files that name other files: a browser must check them at every load, or a deploy goes unseen. */
const ENTRY_FILES = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'remotes.json']);
/** `main.3f2a9c1b.js`, `123.a1b2c3d4e5.chunk.css`: the name changes whenever the content does. */
const HASHED_NAME = /[.-][0-9a-f]{8,}\./i;

export function cacheControlFor(path: string): string {
  const name = basename(path);
  if (ENTRY_FILES.has(name)) return 'no-cache';
  return HASHED_NAME.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function setCacheHeaders(reply: FastifyReply, path: string): void {
  void reply.header('Cache-Control', cacheControlFor(path));
}

/**
 * Serves the shell at `/`, each module at `/modules/<name>/` and `/remotes.json`, so one port
 * serves everything. Returns the dist folders that are missing (the API still runs without them).
 */
export async function registerWebFiles(fastify: FastifyInstance, webRoot: string, remotes: RemotesFile): Promise<string[]> {
  fastify.get('/remotes.json', async (_request, reply) => {
    const text = remotes.text();
    void reply.header('Cache-Control', 'no-cache');
    if (text === null) return reply.status(404).send({ statusCode: 404, message: 'remotes.json not found' });
    return reply.type('application/json; charset=utf-8').send(text);
  });

  const missing: string[] = [];
  const folders: Array<{ prefix: string; root: string; label: string }> = [
    { prefix: '/', root: join(webRoot, 'shell', 'dist'), label: 'shell/dist' },
    ...Object.entries(MODULE_FOLDERS).map(([name, workspace]) => ({
      prefix: `/modules/${name}/`,
      root: join(webRoot, workspace, 'dist'),
      label: `${workspace}/dist`,
    })),
  ];
  let first = true;
  for (const folder of folders) {
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
      cacheControl: false,
      dotfiles: 'deny',
      setHeaders: setCacheHeaders,
      schemaHide: true,
    });
    first = false;
  }
  return missing;
}
