/**
 * Runs drizzle-kit (installed at the repo root) so that it finds drizzle-orm, which npm installed
 * under services/node_modules: NODE_PATH and a resolve hook point its `drizzle-orm` imports here.
 * Usage: node scripts/drizzle-kit.mjs generate [--name <name>] [--custom]
 */
import Module, { createRequire, register } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const hook = `
const servicesUrl = ${JSON.stringify(new URL('../package.json', import.meta.url).href)};
export async function resolve(specifier, context, next) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return next(specifier, { ...context, parentURL: servicesUrl });
  }
  return next(specifier, context);
}`;
// drizzle-kit's own require() calls read NODE_PATH; Module._initPaths re-reads it after the change.
process.env.NODE_PATH = fileURLToPath(new URL('../node_modules', import.meta.url));
Module._initPaths();
register(`data:text/javascript,${encodeURIComponent(hook)}`);

const require = createRequire(import.meta.url);
const bin = join(dirname(require.resolve('drizzle-kit')), 'bin.cjs');
process.argv = [process.argv[0], bin, ...process.argv.slice(2)];
await import(bin);
