/**
 * Who used the CPU during a run: two snapshots of /proc/<pid>/stat (user + system ticks of each process, its threads
 * included) and the difference, grouped under names the bench gives (its API processes, nginx, the encoder's
 * ffmpeg, wrk…), with the time their threads spent runnable but waiting for a core: the run queue is where a
 * request waits when the cores are shared. Processes outside this bench's own tree other than PostgreSQL and Redis
 * count as "not this bench": other work sharing the machine. Figures are in % of one core (200 % is all of this
 * 2-core machine); the machine's total from /proc/stat also holds processes that ended during the run.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS = 100; // USER_HZ on Linux (getconf CLK_TCK)

/** `wait`: ns its threads spent runnable but waiting for a core (/proc/<pid>/task/<tid>/schedstat). */
type Proc = { pid: number; ppid: number; comm: string; ticks: number; wait: number };
/** `machine`: the whole machine's busy and stolen ticks (/proc/stat), which short-lived processes count in too. */
export type CpuSnapshot = { at: number; procs: Map<number, Proc>; machine: { busy: number; steal: number } };

function machine() {
  // cpu  user nice system idle iowait irq softirq steal …
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  const at = (i: number) => f[i] ?? 0;
  return { busy: at(0) + at(1) + at(2) + at(5) + at(6), steal: at(7) };
}

/** ns the process's threads spent runnable but waiting for a core (wrk's work is in its threads, not its main). */
function waited(pid: string) {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`))
    ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[1] ?? 0);
  return ns;
}

export function cpuSnapshot(): CpuSnapshot {
  const procs = new Map<number, Proc>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The name is in parentheses and may hold spaces; the fields after it are fixed.
      const close = stat.lastIndexOf(')');
      const rest = stat.slice(close + 2).split(' ');
      procs.set(Number(entry), {
        pid: Number(entry),
        comm: stat.slice(stat.indexOf('(') + 1, close),
        ppid: Number(rest[1]),
        ticks: Number(rest[11]) + Number(rest[12]),
        wait: waited(entry),
      });
    } catch {
      // gone between the listing and the read
    }
  }
  return { at: performance.now(), procs, machine: machine() };
}

/**
 * CPU share by group between two snapshots. `label` names the processes the bench knows (by pid) and their
 * descendants; the others under this process are named by their command (ffmpeg always is).
 */
export function cpuShare(a: CpuSnapshot, b: CpuSnapshot, label: Map<number, string>): Share {
  const seconds = (b.at - a.at) / 1000;
  const nameOf = (pid: number): string => {
    const comm = b.procs.get(pid)?.comm ?? '?';
    if (pid === process.pid) return 'bench script (node)';
    for (let p = pid, depth = 0; p > 1 && depth < 30; depth++) {
      // The encoders' ffmpeg under its own name, not its parent's.
      const known = comm === 'ffmpeg' ? undefined : label.get(p);
      if (known) return known;
      if (p === process.pid) return comm;
      p = b.procs.get(p)?.ppid ?? 0;
    }
    return comm === 'postgres' || comm === 'redis-server' ? comm : 'not this bench';
  };
  const groups = new Map<string, { ticks: number; wait: number }>();
  for (const [pid, p] of b.procs) {
    const used = p.ticks - (a.procs.get(pid)?.ticks ?? 0);
    const wait = p.wait - (a.procs.get(pid)?.wait ?? 0);
    if (used <= 0 && wait <= 0) continue;
    const name = nameOf(pid);
    const g = groups.get(name) ?? { ticks: 0, wait: 0 };
    groups.set(name, { ticks: g.ticks + Math.max(0, used), wait: g.wait + Math.max(0, wait) });
  }
  return {
    busy: (100 * (b.machine.busy - a.machine.busy)) / TICKS / seconds,
    steal: (100 * (b.machine.steal - a.machine.steal)) / TICKS / seconds,
    groups: [...groups]
      .map(([name, g]) => ({ name, cpu: (100 * g.ticks) / TICKS / seconds, waitMsPerS: g.wait / 1e6 / seconds }))
      .sort((x, y) => y.cpu - x.cpu),
  };
}
export type Share = {
  /** The machine's busy and stolen time, in % of one core. */
  busy: number;
  steal: number;
  /** Each group's CPU (% of one core) and how long its processes' threads waited for a core (ms per s, summed). */
  groups: { name: string; cpu: number; waitMsPerS: number }[];
};

export const formatShare = (share: Share) =>
  `machine busy ${share.busy.toFixed(0)} % (steal ${share.steal.toFixed(0)} %); ` +
  share.groups
    .filter((g) => g.cpu >= 1)
    .map(
      (g) => `${g.name} ${g.cpu.toFixed(0)} %${g.waitMsPerS >= 1 ? ` (waited ${g.waitMsPerS.toFixed(0)} ms/s)` : ''}`,
    )
    .join(', ');
