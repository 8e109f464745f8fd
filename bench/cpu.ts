// Where an answer's CPU goes: the server that answered it, PostgreSQL's processes for the bench's
// database, and the load generator (this process), read from /proc before and after a round. On a
// machine whose cores the three share, the throughput of either server is bound by the sum, so an
// answer that costs PostgreSQL more (an audit row stored, then chained) costs the API's figure as
// much as its own JavaScript does (issue 33: "find the cost").
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/** CPU used so far, in microseconds, of the server, of the database's PostgreSQL processes and of this process. */
export interface CpuSnapshot {
  server: number;
  postgres: number | null;
  load: number;
}

/** A snapshot as read: PostgreSQL's processes one by one, so a backend that ends during a round takes nothing off the sum. */
export interface CpuReading {
  server: number;
  postgres: Map<string, number> | null;
  load: number;
}

const ticksPerSecond = (() => {
  const answer = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const n = Number(answer.stdout?.trim());
  return Number.isFinite(n) && n > 0 ? n : 100;
})();

/** utime + stime of a process, in microseconds; 0 when it is gone or /proc is not there. */
function cpuOf(pid: number | string): number {
  try {
    // The fields after the command name (which may hold spaces) start at the state, field 3.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
  } catch {
    return 0;
  }
}

/**
 * PostgreSQL's backends connected to `database` (their process title names it), with the WAL
 * writer, which writes what their commits leave; the other databases' backends are left out, so a
 * test running beside the bench is not counted. Null where there is no such process (PGlite runs
 * inside the server).
 */
function postgresCpu(database: string | null): Map<string, number> | null {
  if (!database) return null;
  const processes = new Map<string, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    let title: string;
    try {
      title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      continue;
    }
    if (!title.startsWith('postgres:')) continue;
    if (title.includes(` ${database} `) || title.includes('walwriter')) processes.set(pid, cpuOf(pid));
  }
  return processes.size > 0 ? processes : null;
}

export function cpuSnapshot(serverPid: number | undefined, database: string | null): CpuReading {
  return { server: serverPid ? cpuOf(serverPid) : 0, postgres: postgresCpu(database), load: cpuOf(process.pid) };
}

/**
 * CPU microseconds per answer between two readings. PostgreSQL's share is what each of its processes
 * alive at the end used since the first reading (all of it for one started meanwhile); one that
 * ended meanwhile is not counted.
 */
export function cpuPerAnswer(before: CpuReading, after: CpuReading, answers: number): CpuSnapshot {
  const per = (used: number) => (answers > 0 ? used / answers : Number.NaN);
  let postgres: number | null = null;
  if (after.postgres) {
    postgres = 0;
    for (const [pid, now] of after.postgres) postgres += now - (before.postgres?.get(pid) ?? 0);
  }
  return { server: per(after.server - before.server), postgres: postgres === null ? null : per(postgres), load: per(after.load - before.load) };
}

/** The database named by a PostgreSQL URL; null for none (PGlite). */
export function databaseOf(url: string): string | null {
  if (!url) return null;
  try {
    return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || null;
  } catch {
    return null;
  }
}
