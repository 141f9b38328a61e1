import { readdir, readFile } from 'node:fs/promises'
import { parseCpuTimes, type CpuTimes } from './host-cpu'

/**
 * The clock tick of /proc/stat and /proc/<pid>/stat (USER_HZ): fixed at 100 in Linux's user ABI,
 * whatever the kernel's own HZ. Container cgroups count in (micro/nano)seconds.
 */
export const TICKS_PER_SECOND = 100

/**
 * The container engine's own processes: the daemons, a shim per container and the userland proxy
 * that carries a published port's traffic. Their work for the arms (starting execs, forwarding
 * the load's requests) is the run's; what they do for other containers cannot be told apart.
 */
const ENGINE_COMMANDS = /^(dockerd|containerd|containerd-shim.*|docker-proxy)$/

/** One line of /proc/<pid>/stat: the figures the run's accounting needs. */
export interface ProcessTicks {
  pid: number
  ppid: number
  command: string
  /** Its own CPU ticks (utime + stime). */
  own: number
  /** Ticks of its children it has waited for (cutime + cstime). */
  reaped: number
}

/** Parses /proc/<pid>/stat; the command is between the first '(' and the last ')'. Null when unreadable. */
export function parseProcessStat(text: string): ProcessTicks | null {
  const open = text.indexOf('(')
  const close = text.lastIndexOf(')')
  if (open < 0 || close < open) return null
  const pid = Number(text.slice(0, open).trim())
  // Fields after the command, from field 3 (state): ppid is 4, utime 14 … cstime 17.
  const rest = text
    .slice(close + 1)
    .trim()
    .split(/\s+/)
  const field = (n: number) => Number(rest[n - 3])
  const [ppid, utime, stime, cutime, cstime] = [4, 14, 15, 16, 17].map(field)
  if (![pid, ppid, utime, stime, cutime, cstime].every(Number.isFinite)) return null
  return {
    pid,
    ppid: ppid!,
    command: text.slice(open + 1, close),
    own: utime! + stime!,
    reaped: cutime! + cstime!,
  }
}

/**
 * CPU ticks the run's processes outside the arms' containers have used up to now: this process
 * and every live descendant (their own ticks and those of the children they reaped: k6, the
 * engine's command line), plus the engine's processes' own ticks. Counted at both ends of a
 * trial, the difference is what they used in between: a child that ends in the trial is counted
 * live at the start and reaped at the end.
 */
export function runProcessTicks(processes: readonly ProcessTicks[], self: number): number {
  const children = new Map<number, ProcessTicks[]>()
  for (const p of processes) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p])
  let ticks = 0
  const tree = processes.filter((p) => p.pid === self)
  const seen = new Set<number>()
  while (tree.length) {
    const p = tree.pop()!
    if (seen.has(p.pid)) continue
    seen.add(p.pid)
    ticks += p.own + p.reaped
    tree.push(...(children.get(p.pid) ?? []))
  }
  for (const p of processes) if (!seen.has(p.pid) && ENGINE_COMMANDS.test(p.command)) ticks += p.own
  return ticks
}

/** Every process's ticks now, from /proc; empty where /proc cannot be read (not Linux). */
export async function readProcesses(): Promise<ProcessTicks[]> {
  const names = await readdir('/proc').catch(() => [] as string[])
  const stats = await Promise.all(
    names
      .filter((name) => /^\d+$/.test(name))
      .map((pid) => readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')),
  )
  return stats.map(parseProcessStat).filter((p): p is ProcessTicks => p !== null)
}

/** One reading at a trial's edge: the whole host's counters and the run's processes' ticks. */
export interface RunCpuReading {
  host: CpuTimes
  runTicks: number
}

export async function readRunCpu(): Promise<RunCpuReading | null> {
  const [procStat, processes] = await Promise.all([
    readFile('/proc/stat', 'utf8').catch(() => ''),
    readProcesses(),
  ])
  const host = parseCpuTimes(procStat)
  if (!host || processes.length === 0) return null
  return { host, runTicks: runProcessTicks(processes, process.pid) }
}

/**
 * The share of the whole host's CPU time between two readings that was busy with neither the run
 * nor steal: other jobs, service containers, a neighbour. The run is the arms' containers
 * (`containerSeconds`, from their cgroups), the load generator, this process and the engine's
 * work; with those taken out, what is left cannot grow because the head's code takes more CPU
 * (while the host has idle time: a saturated host is zero-sum, docs/statistics.md).
 * Null when a reading or the containers' CPU is missing.
 */
export function foreignFraction(
  from: RunCpuReading | null,
  to: RunCpuReading | null,
  containerSeconds: number | null,
): number | null {
  if (!from || !to || containerSeconds === null) return null
  const total = to.host.total - from.host.total
  if (!(total > 0)) return null
  const busy = to.host.busy - from.host.busy
  const steal = to.host.steal - from.host.steal
  const run = to.runTicks - from.runTicks + containerSeconds * TICKS_PER_SECOND
  const foreign = (busy - steal - run) / total
  return Math.round(Math.min(1, Math.max(0, foreign)) * 1000) / 1000
}
