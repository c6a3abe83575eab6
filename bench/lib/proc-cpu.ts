// CPU time a process (and, for PostgreSQL, the whole cluster) has used, read from /proc (Linux): what a load
// costs per request on a shared, noisy machine, where throughput swings with the neighbours' work but CPU per
// request does not. PostgreSQL: the postmaster's live children (backends, walwriter, …) and, through its
// cutime/cstime, the backends that have already exited.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** utime, stime, cutime, cstime in clock ticks (fields 14–17 of /proc/<pid>/stat; the name may hold spaces). */
function ticks(pid: number): { own: number; reaped: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    // After the name: state is field 3, so utime (14) is index 11.
    const [utime = 0, stime = 0, cutime = 0, cstime = 0] = fields.slice(11, 15);
    return { own: utime + stime, reaped: cutime + cstime };
  } catch {
    return null; // exited meanwhile
  }
}

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** Milliseconds of CPU (user + system) `pid` has used itself. */
export function processCpuMs(pid: number): number {
  return ((ticks(pid)?.own ?? 0) * 1000) / TICKS_PER_SECOND;
}

/** Milliseconds of CPU the postmaster `pid` and every process it started (live or exited) have used. */
export function clusterCpuMs(postmasterPid: number): number {
  const root = ticks(postmasterPid);
  if (!root) return 0;
  let total = root.own + root.reaped;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || parentOf(pid) !== postmasterPid) continue;
    total += ticks(pid)?.own ?? 0;
  }
  return (total * 1000) / TICKS_PER_SECOND;
}

/** The postmaster's pid, from the first line of `postmaster.pid` in the cluster's data directory. */
export function postmasterPid(dataDirectory: string): number {
  return Number(readFileSync(`${dataDirectory}/postmaster.pid`, 'utf8').split('\n')[0]);
}
