import type { RepeatedRound, ResultsFile, RunnerLoad, Trial } from '../model/types'
import { repeatedRounds, roundDisturbances, SATURATED_CPU_BUSY, SHOWN_DIFFERENCE } from './disturbance'
import { everyMeasured } from './samples'

export { SATURATED_CPU_BUSY }

/**
 * A trial that lost this share of its CPU time to other guests is named. Below it, steal is the
 * ordinary background of a shared host; above it, requests wait for a CPU the runner does not get.
 */
export const STOLEN_NOTE = 0.05

/**
 * A trial whose host gave this share of its CPU time to other processes is named: a neighbour that
 * takes a quarter of a small runner slows whatever the run asks for, alike for both arms or not.
 */
export const BUSY_NOTE = 0.25

const round3 = (x: number) => Math.round(x * 1000) / 1000
const mean = (xs: number[]) => (xs.length ? round3(xs.reduce((a, b) => a + b, 0) / xs.length) : 0)

/**
 * What the measured trials say of the runner: the rounds in which its CPUs were saturated, the
 * rounds in which the hypervisor took a noticeable share of them, and the rounds whose two trials
 * saw different shares of the CPU go to others (disturbed at DISTURBED_DIFFERENCE). Undefined
 * when none of that happened (or nothing was read: not Linux, or a results file from before).
 */
export function runnerLoad(results: ResultsFile): RunnerLoad | undefined {
  // Every trial, those a repeat superseded included: they are what the runner did to the run.
  const trials = everyMeasured(results)
  const roundsWhere = (hit: (t: Trial) => boolean) =>
    [...new Set(trials.filter(hit).map((t) => t.round))].sort((a, b) => a - b)
  const saturatedRounds = roundsWhere((t) => (t.hostCpuBusy ?? 0) >= SATURATED_CPU_BUSY)
  const stolenRounds = roundsWhere((t) => (t.hostCpuStolen ?? 0) >= STOLEN_NOTE)
  const busyRounds = roundsWhere((t) => (t.foreignCpu ?? 0) >= BUSY_NOTE)
  const differing = roundDisturbances(trials).filter((r) => r.difference >= SHOWN_DIFFERENCE)
  const repeated = repeatedRounds(trials)
  const exhausted = results.repeats?.exhausted ?? []
  const lists = [saturatedRounds, stolenRounds, busyRounds, differing, repeated, exhausted]
  if (!lists.some((list) => list.length)) return undefined
  const stolen = trials.flatMap((t) => (t.hostCpuStolen === undefined ? [] : [t.hostCpuStolen]))
  const foreign = trials.flatMap((t) => (t.foreignCpu === undefined ? [] : [t.foreignCpu]))
  return {
    saturatedRounds,
    maxCpuBusy: Math.max(0, ...trials.map((t) => t.hostCpuBusy ?? 0)),
    stolenRounds,
    maxStolen: Math.max(0, ...stolen),
    meanStolen: mean(stolen),
    ...(foreign.length ? { maxForeign: Math.max(...foreign), meanForeign: mean(foreign) } : {}),
    ...(busyRounds.length ? { busyRounds } : {}),
    ...(differing.length
      ? {
          differingRounds: differing.map(({ round, base, head, disturbed, repeats }) => ({
            round,
            base,
            head,
            disturbed,
            ...(repeats ? { repeats } : {}),
          })),
        }
      : {}),
    ...repeatsSeen(results, repeated, exhausted),
  }
}

/** The rounds measured again and those left disturbed, with the run's bound; nothing when there were none. */
function repeatsSeen(
  results: ResultsFile,
  repeated: RepeatedRound[],
  exhausted: number[],
): Pick<RunnerLoad, 'repeatedRounds' | 'repeatsPerRun' | 'exhaustedRounds'> {
  if (!repeated.length && !exhausted.length) return {}
  return {
    ...(repeated.length ? { repeatedRounds: repeated } : {}),
    ...(results.repeats ? { repeatsPerRun: results.repeats.perRun } : {}),
    ...(exhausted.length ? { exhaustedRounds: exhausted } : {}),
  }
}
