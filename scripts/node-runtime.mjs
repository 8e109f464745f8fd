// The Node.js the project's scripts run on. `npm install` brings Node.js 24 (the root devDependency
// `node`) and `npm run` puts node_modules/.bin first on PATH, so a script started through npm runs
// on it even where the machine's own Node is older. Started some other way (`node scripts/start.mjs`
// with an old system Node), a script says so and stops instead of running on a Node without
// security fixes.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The oldest Node.js accepted, from the root package.json's `engines.node` (">=22.12"). */
export function oldestSupportedNode() {
  const range = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range);
  if (!match) throw new Error(`engines.node is "${range}"; scripts/node-runtime.mjs reads only ">=X.Y.Z"`);
  return match.slice(1).map((part) => Number(part ?? 0));
}

export function isSupportedNode(version = process.version, oldest = oldestSupportedNode()) {
  const parts = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    if (parts[i] !== oldest[i]) return parts[i] > oldest[i];
  }
  return true;
}

/** Stops the process with a clear message on a Node.js older than engines.node. */
export function requireSupportedNode(what) {
  if (isSupportedNode()) return;
  console.error(
    `${what} needs Node.js ${oldestSupportedNode().join('.')} or newer (24 is the one it is built and tested on); ` +
      `this is ${process.version} (${process.execPath}). Run it through npm (\`npm start\`, \`npm test\`), ` +
      'which uses the Node.js that `npm install` brought into node_modules/.bin, or install Node.js 24.',
  );
  process.exit(1);
}

// `node scripts/node-runtime.mjs` (CI runs it through npm): prints the Node.js npm scripts run on,
// and fails on one older than engines.node (an install that skipped the `node` package's binary).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  requireSupportedNode('PNSS');
  console.info(`Node.js ${process.version} (${process.execPath})`);
}
