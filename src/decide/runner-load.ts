import type { ResultsFile, RunnerLoad, Trial } from '../model/types'
import { measured } from './samples'

/** Above this busy fraction over a trial, the runner's CPUs were saturated: the arms competed for them. */
export const SATURATED_CPU_BUSY = 0.95

/**
 * A trial that lost this share of its CPU time to other guests is named. Below it, steal is the
 * ordinary background of a shared host; above it, requests wait for a CPU the runner does not get.
 */
export const STOLEN_NOTE = 0.05

/**
 * What the measured trials say of the runner: the rounds in which its CPUs were saturated, and the
 * rounds in which the hypervisor took a noticeable share of them. Undefined when neither happened
 * (or nothing was read: not Linux, or a results file from before these readings).
 */
export function runnerLoad(results: ResultsFile): RunnerLoad | undefined {
  const trials = measured(results)
  const roundsWhere = (hit: (t: Trial) => boolean) =>
    [...new Set(trials.filter(hit).map((t) => t.round))].sort((a, b) => a - b)
  const saturatedRounds = roundsWhere((t) => (t.hostCpuBusy ?? 0) >= SATURATED_CPU_BUSY)
  const stolenRounds = roundsWhere((t) => (t.hostCpuStolen ?? 0) >= STOLEN_NOTE)
  if (!saturatedRounds.length && !stolenRounds.length) return undefined
  const stolen = trials.flatMap((t) => (t.hostCpuStolen === undefined ? [] : [t.hostCpuStolen]))
  const round3 = (x: number) => Math.round(x * 1000) / 1000
  return {
    saturatedRounds,
    maxCpuBusy: Math.max(0, ...trials.map((t) => t.hostCpuBusy ?? 0)),
    stolenRounds,
    maxStolen: Math.max(0, ...stolen),
    meanStolen: stolen.length ? round3(stolen.reduce((a, b) => a + b, 0) / stolen.length) : 0,
  }
}
