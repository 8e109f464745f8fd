// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of a build, so the server
// sends compressed bytes without compressing on each request (@fastify/static preCompressed).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What a browser downloads as text; source maps are fetched only by developer tools. */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt']);
/** Below this a compressed answer saves less than its headers cost. */
export const MIN_BYTES = 1024;

function filesUnder(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...filesUnder(path));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

/**
 * Compresses every text file of `dir` (recursively) at the highest levels, once, at build time.
 * Returns one row per file with its plain, brotli and gzip sizes.
 */
export function precompress(dir) {
  const rows = [];
  for (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    let plain;
    try {
      plain = readFileSync(path);
    } catch (error) {
      // Another build of the same package cleaned the folder meanwhile: its own run compresses.
      if (error.code === 'ENOENT') continue;
      throw error;
    }
    if (plain.length < MIN_BYTES) continue;
    const br = brotliCompressSync(plain, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    });
    const gz = gzipSync(plain, { level: constants.Z_BEST_COMPRESSION });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gz);
    rows.push({ path, plain: plain.length, br: br.length, gz: gz.length });
  }
  return rows;
}
