#!/usr/bin/env node
// Builds every package whose build is missing or older than its sources, one at a time
// (the target machines have two cores; parallel webpack builds only thrash).
// `--force` rebuilds everything.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

const FRONT_INPUTS = ['libs/src', 'libs/web/src', 'libs/build'];

/**
 * The modules come from remotes.json, the one list of modules: a module named `mfe_x` is built
 * from the workspace folder `mfe-x` (or the entry's `workspace`), whose package is `@pnss/mfe-x`.
 */
function moduleWorkspaces() {
  const { remotes } = JSON.parse(readFileSync(join(root, 'remotes.json'), 'utf8'));
  return remotes.map((remote) => remote.workspace ?? remote.name.replaceAll('_', '-'));
}

const frontTarget = (workspace, extra = []) => ({
  workspace,
  inputs: [`${workspace}/src`, `${workspace}/webpack.config.js`, `${workspace}/package.json`, ...extra, ...FRONT_INPUTS],
});

const TARGETS = [
  { workspace: 'libs', inputs: ['libs/src', 'libs/package.json', 'libs/tsconfig.build.json'] },
  { workspace: 'services', inputs: ['services/src', 'services/drizzle', 'services/package.json', 'libs/src'] },
  frontTarget('shell', ['shell/public', 'shell/sw']),
  ...moduleWorkspaces().map((workspace) => frontTarget(workspace)),
];

function newestMtime(path) {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const started = Date.now();
let built = 0;
for (const [index, target] of TARGETS.entries()) {
  const stamp = join(root, target.workspace, 'dist', '.build-stamp');
  const stampTime = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const sourceTime = Math.max(...target.inputs.map(newestMtime));
  const label = `[${index + 1}/${TARGETS.length}] ${target.workspace}`;
  if (!force && stampTime > sourceTime) {
    console.info(`${label}: up to date`);
    continue;
  }
  console.info(`${label}: building...`);
  const t0 = Date.now();
  // By package name: `-w libs` would also select the workspaces nested under libs/.
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', `@pnss/${target.workspace}`], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`${label}: build failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
  writeFileSync(stamp, new Date().toISOString());
  built += 1;
  console.info(`${label}: built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
console.info(`Build: ${built} package(s) built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
