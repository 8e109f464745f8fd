#!/usr/bin/env node
// The registry mirror this project is built behind serves only the Linux builds of packages that
// ship one native binary per platform (@swc/core-*, @unrs/resolver-binding-*). `npm install` then
// leaves the other platforms out of package-lock.json, and `npm ci` refuses the lock as "out of
// sync". This adds the missing optional platform entries, with the os/cpu/libc their names
// declare, so `npm ci` skips them on every machine that does not match, as it does with a lock
// written against the full registry. Run it after any change to the lock.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const lockPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const PLATFORM_PACKAGE = /^(@swc\/core|@unrs\/resolver-binding)-(.+)$/;
const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openharmony'];
const CPU = { arm64: 'arm64', x64: 'x64', ia32: 'ia32', arm: 'arm', ppc64: 'ppc64', s390x: 's390x', riscv64: 'riscv64', loong64: 'loong64' };

function platformOf(suffix) {
  const parts = suffix.split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  const libc = parts.some((p) => p.startsWith('musl')) ? 'musl' : parts.some((p) => p.startsWith('gnu')) && os === 'linux' ? 'glibc' : null;
  return os && cpu ? { os, cpu, libc } : null;
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const match = PLATFORM_PACKAGE.exec(name);
    if (!match) continue;
    const base = path === '' ? '' : `${path}/`;
    const target = `${base.replace(/[^/]*node_modules\/(@[^/]+\/)?[^/]+\/$/, '')}node_modules/${name}`;
    if (lock.packages[`node_modules/${name}`] || lock.packages[target]) continue;
    const platform = platformOf(match[2]);
    if (!platform) continue;
    lock.packages[`node_modules/${name}`] = {
      version,
      cpu: [platform.cpu],
      ...(platform.libc ? { libc: [platform.libc] } : {}),
      license: entry.license ?? 'MIT',
      optional: true,
      os: [platform.os],
      ...(entry.engines ? { engines: entry.engines } : {}),
    };
    added += 1;
  }
}
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.info(`package-lock.json: ${added} optional platform entries added.`);
