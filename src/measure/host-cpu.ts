import { readFile } from 'node:fs/promises'
import { SATURATED_CPU_BUSY, STOLEN_NOTE } from '../decide/runner-load'
import type { ResultsFile } from '../model/types'

/** CPU time counters in clock ticks, from /proc/stat. */
export interface CpuTimes {
  busy: number
  total: number
  /** Ticks the hypervisor gave these CPUs to someone else (counted in busy and total). */
  steal: number
}

/**
 * Parses the aggregate `cpu` line, or the sum of the `cpuN` lines of `cpus`: idle and iowait are
 * idle time, the rest (guest excluded, it is in user) busy.
 */
export function parseCpuTimes(procStat: string, cpus?: readonly number[]): CpuTimes | null {
  const lines = procStat.split('\n')
  if (!cpus) return lineTimes(lines.find((l) => l.startsWith('cpu ')))
  const times = cpus.map((cpu) => lineTimes(lines.find((l) => l.startsWith(`cpu${cpu} `))))
  if (times.some((t) => !t)) return null
  return times.reduce<CpuTimes>(
    (sum, t) => ({ busy: sum.busy + t!.busy, total: sum.total + t!.total, steal: sum.steal + t!.steal }),
    { busy: 0, total: 0, steal: 0 },
  )
}

function lineTimes(line: string | undefined): CpuTimes | null {
  if (!line) return null
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map((n) => Number(n) || 0)
  const idleTicks = (idle ?? 0) + (iowait ?? 0)
  const busy = (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)
  return { busy, total: busy + idleTicks, steal: steal ?? 0 }
}

/** The host's CPU counters now (of `cpus` only, when given); null where /proc/stat cannot be read (not Linux). */
export async function readCpuTimes(cpus?: readonly number[]): Promise<CpuTimes | null> {
  return parseCpuTimes(await readFile('/proc/stat', 'utf8').catch(() => ''), cpus)
}

/** The fraction of all the host's CPU time that was busy between two readings; null when unknown. */
export function busyFraction(from: CpuTimes | null, to: CpuTimes | null): number | null {
  return shareOf('busy', from, to)
}

/**
 * The fraction of the CPU time between two readings that the hypervisor took for other guests
 * (steal): time the runner's processes were ready to run and could not, seen by no one else.
 */
export function stolenFraction(from: CpuTimes | null, to: CpuTimes | null): number | null {
  return shareOf('steal', from, to)
}

function shareOf(part: 'busy' | 'steal', from: CpuTimes | null, to: CpuTimes | null): number | null {
  if (!from || !to || to.total <= from.total) return null
  const fraction = (to[part] - from[part]) / (to.total - from.total)
  return Math.round(Math.min(1, Math.max(0, fraction)) * 1000) / 1000
}

/**
 * Records a measured trial's busy fraction in `results.saturation` when the runner was saturated;
 * returns the note to log for the first saturated round (later ones are only recorded).
 */
export function recordSaturation(
  results: ResultsFile,
  busy: number | undefined,
  round: number,
): string | null {
  if (busy === undefined || busy < SATURATED_CPU_BUSY) return null
  const first = !results.saturation
  const saturation = (results.saturation ??= { rounds: [], maxCpuBusy: 0 })
  saturation.maxCpuBusy = Math.max(saturation.maxCpuBusy, busy)
  if (!saturation.rounds.includes(round)) saturation.rounds.push(round)
  if (!first) return null
  return (
    `the runner's CPUs were ${Math.round(busy * 100)}% busy in round ${round}: the load, the stacks and the ` +
    'runner compete for the CPU and the latencies include that wait (a note, not a verdict; every such ' +
    'round is listed under saturation in the results)'
  )
}

/** The note to log when a measured trial lost a noticeable share of its CPU time to other guests. */
export function stolenNote(stolen: number | undefined, round: number): string | null {
  if (stolen === undefined || stolen < STOLEN_NOTE) return null
  return (
    `the hypervisor took ${Math.round(stolen * 100)}% of the runner's CPU time in round ${round} (steal): ` +
    'the machine is shared with other guests and latencies include that wait (a note, not a verdict; ' +
    'the report names every such round)'
  )
}
