#!/usr/bin/env node
// `npm test`: every workspace's tests, the services alone first (RUN_ALONE), then the others two
// workspaces at a time, the longest first, each one's output printed whole when it ends, then the
// time each took. Fails when any workspace fails.
//
// Why in parallel: the tests are CPU-bound and a jest run has stretches that use one core (start-up,
// the services' database template, the last slow file), so one workspace after another left a
// core idle for much of a run on a two-core machine. Two at a time keeps both busy; the services'
// and the front-end packages' jest also run a worker per core, so the last one running still uses
// both. The order comes from
// the last run's times (kept in node_modules/.cache), or the order below on a fresh clone.
// The slow suites (the API tests again on PostgreSQL, the browser flows, the bench) are CI's
// (.ci/run), not this.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './node-runtime.mjs';

requireSupportedNode('npm test');
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const timesFile = join(root, 'node_modules', '.cache', 'pnss', 'test-times.json');
/** Slowest first on a fresh clone, as measured; later runs use their own last times. */
const FIRST_RUN_ORDER = ['@pnss/mfe-cases', '@pnss/services', '@pnss/mfe-admin', '@pnss/mfe-submissions', '@pnss/shell', '@pnss/mfe-reports', '@pnss/web', '@pnss/libs'];
/**
 * Run first, with the machine to themselves: the services' jest runs two workers per core (its API
 * test files wait on the job queue, timeouts and app starts as much as they compute), each holding
 * its apps' embedded databases; beside the front-end packages' workers its timed tests ran late.
 */
const RUN_ALONE = ['@pnss/services'];
const concurrency = Math.max(2, Math.min(Number(process.env.PNSS_TEST_CONCURRENCY) || 2, availableParallelism()));

function workspacesWithTests() {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return workspaces
    .map((folder) => ({ folder, pkg: JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) }))
    .filter(({ pkg }) => pkg.scripts?.test)
    .map(({ pkg }) => ({ name: pkg.name, command: 'npm', args: ['run', 'test', '-w', pkg.name] }));
}

/** The root's own scripts' tests (node's test runner). */
const ROOT_SCRIPTS = { name: 'scripts', command: process.execPath, args: ['--test', 'scripts/*.spec.mjs'] };

function lastTimes() {
  try {
    return JSON.parse(readFileSync(timesFile, 'utf8'));
  } catch {
    return {};
  }
}

function order(workspaces, times) {
  const guess = (name) => {
    const at = FIRST_RUN_ORDER.indexOf(name);
    return at < 0 ? 0 : FIRST_RUN_ORDER.length - at;
  };
  const known = workspaces.every(({ name }) => typeof times[name] === 'number');
  return [...workspaces].sort((a, b) => (known ? times[b.name] - times[a.name] : guess(b.name) - guess(a.name)));
}

/** Runs one workspace's `test` script, its output kept until it ends. */
function run({ name, command, args }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const output = [];
    // Workspaces by package name: `-w libs` would also select the workspaces nested under libs/.
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      const passed = code === 0;
      process.stdout.write(`\n===== ${name}: ${passed ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds.toFixed(1)} s =====\n`);
      process.stdout.write(Buffer.concat(output));
      resolve({ name, seconds, passed });
    });
  });
}

async function main() {
  const started = Date.now();
  const all = [...workspacesWithTests(), ROOT_SCRIPTS];
  const alone = all.filter(({ name }) => RUN_ALONE.includes(name));
  const workspaces = order(all.filter(({ name }) => !RUN_ALONE.includes(name)), lastTimes());
  console.info(
    `npm test on Node.js ${process.version}: ${alone.map((w) => w.name).join(', ')} alone first, then ${workspaces.length} workspaces, ${concurrency} at a time (${workspaces.map((w) => w.name).join(', ')})`,
  );
  const results = [];
  for (const workspace of alone) {
    console.info(`started ${workspace.name} alone (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    results.push(await run(workspace));
  }
  const queue = [...workspaces];
  const lanes = Array.from({ length: concurrency }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      console.info(`started ${next.name} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      results.push(await run(next));
    }
  });
  await Promise.all(lanes);

  const total = (Date.now() - started) / 1000;
  const width = Math.max(...results.map((r) => r.name.length));
  console.info(`\nnpm test on Node.js ${process.version}, ${RUN_ALONE.join(', ')} alone, then ${concurrency} workspaces at a time:`);
  for (const r of [...results].sort((a, b) => b.seconds - a.seconds)) {
    console.info(`  ${r.name.padEnd(width)}  ${r.seconds.toFixed(1).padStart(6)} s  ${r.passed ? 'passed' : 'FAILED'}`);
  }
  const failed = results.filter((r) => !r.passed);
  console.info(`  ${'all'.padEnd(width)}  ${total.toFixed(1).padStart(6)} s  ${failed.length === 0 ? 'passed' : `${failed.length} FAILED: ${failed.map((r) => r.name).join(', ')}`}`);
  mkdirSync(dirname(timesFile), { recursive: true });
  writeFileSync(timesFile, `${JSON.stringify(Object.fromEntries(results.map((r) => [r.name, r.seconds])), null, 2)}\n`);
  return failed.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
