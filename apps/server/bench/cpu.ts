import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * CPU time by side of a load (Linux /proc): the app's processes, PostgreSQL's, the load generator
 * (this process: autocannon runs in it), and the whole machine's busy share. What a request costs
 * each side, in CPU milliseconds, says how many requests a second the machine's cores allow at
 * most, whatever the code around them does (docs/performance-history.md, issue 21).
 */

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** A /proc/<pid>/stat line's command name and CPU ticks (utime+stime, and cutime+cstime: its reaped children). */
export function parseStat(line: string) {
  const close = line.lastIndexOf(')');
  const command = line.slice(line.indexOf('(') + 1, close);
  // fields after the command, counted from 3 (state): utime is 14, stime 15, cutime 16, cstime 17
  const f = line.slice(close + 2).split(' ');
  const own = Number(f[11]) + Number(f[12]);
  const children = Number(f[13]) + Number(f[14]);
  return { command, ppid: Number(f[1]), own, children };
}

function statOf(pid: number | string) {
  try {
    return parseStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

const ticksToMs = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;

/** CPU ms of these processes so far. */
function processesMs(pids: number[]) {
  let ticks = 0;
  for (const pid of pids) ticks += statOf(pid)?.own ?? 0;
  return ticksToMs(ticks);
}

/**
 * CPU ms of a local PostgreSQL so far: every live `postgres` process, and what the postmaster's
 * reaped children (backends that ended) used. Zero when PostgreSQL runs on another machine.
 */
function postgresMs() {
  let ticks = 0;
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const s = statOf(d);
    if (s?.command !== 'postgres') continue;
    ticks += s.own;
    // the postmaster: its parent is not a postgres process
    if (statOf(s.ppid)?.command !== 'postgres') ticks += s.children;
  }
  return ticksToMs(ticks);
}

/** The machine's busy and total CPU ms so far, over every core (/proc/stat's first line). */
function machineMs() {
  const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
  const ticks = fields.map(Number);
  // idle and iowait are the 4th and 5th
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: ticksToMs(total - idle), total: ticksToMs(total) };
}

export interface CpuUse {
  /** CPU ms of the server's processes (app or ceiling) */
  server: number;
  postgres: number;
  /** the load generator: this process */
  load: number;
  /** the machine's busy share over the window, 0..1 */
  busy: number;
}

/**
 * Starts a window; `stop` answers each side's CPU ms over it. `postgres`: whether the app runs on a
 * (local) PostgreSQL; on SQLite an idle PostgreSQL on the machine is left out.
 */
export function cpuWindow(serverPids: () => number[], options: { postgres?: boolean } = {}) {
  const read = () => {
    const usage = process.cpuUsage();
    return {
      server: processesMs(serverPids()),
      postgres: options.postgres ? postgresMs() : 0,
      load: (usage.user + usage.system) / 1000,
      machine: machineMs(),
    };
  };
  const start = read();
  return {
    stop(): CpuUse {
      const end = read();
      const total = end.machine.total - start.machine.total;
      return {
        server: end.server - start.server,
        postgres: end.postgres - start.postgres,
        load: end.load - start.load,
        busy: total > 0 ? (end.machine.busy - start.machine.busy) / total : Number.NaN,
      };
    },
  };
}

/** Windows summed. */
export function addCpu(uses: CpuUse[]): CpuUse {
  const sum = (k: keyof CpuUse) => uses.reduce((s, u) => s + u[k], 0);
  return {
    server: sum('server'),
    postgres: sum('postgres'),
    load: sum('load'),
    busy: sum('busy') / uses.length,
  };
}

/** The server's processes: the supervisor and, with several workers, its children. */
export function serverProcesses(pid: number): number[] {
  const children = fs.readdirSync('/proc').filter((d) => {
    if (!/^\d+$/.test(d)) return false;
    try {
      // field 4 of /proc/<pid>/stat is the parent pid (after the parenthesised command name)
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
    } catch {
      return false;
    }
  });
  return [pid, ...children.map(Number)];
}
