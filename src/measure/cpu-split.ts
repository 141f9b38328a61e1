import os from 'node:os'
import type { Arm } from '../model/types'
import { seededRandom } from '../util/random'

/**
 * Duet on a runner with two or more CPUs: each arm's containers, its load generator and the proxy
 * of its published port run on a half of the CPUs of their own, so the arms stop competing for a
 * core the kernel happened to put both on. Which arm gets which half is drawn per round from the
 * seed: a faster half is round-to-round noise the interval sees, never an offset between the arms.
 * (Measured on the CPU-bound reference service: docs/statistics.md.)
 */
export interface CpuSplit {
  /** The CPU list (`0`, `2-3`) the arm runs on in `round`; a warm-up takes the round it precedes. */
  cpusOf(arm: Arm, round: number): string
  /** Both halves, for the log. */
  readonly halves: [string, string]
}

/** A CPU list of `count` CPUs from `first`: `3`, or `0-1`. */
function cpuRange(first: number, count: number): string {
  return count === 1 ? String(first) : `${first}-${first + count - 1}`
}

/** The CPUs the kernel runs this machine's processes on, which duet divides between the arms. */
export function runnerCpuCount(): number {
  return os.cpus().length
}

/** The split for `cpuCount` CPUs (the first half to one arm, the rest to the other); null below two. */
export function cpuSplit(arms: readonly Arm[], seed: number, cpuCount = runnerCpuCount()): CpuSplit | null {
  if (cpuCount < 2 || arms.length !== 2) return null
  const half = Math.floor(cpuCount / 2)
  const halves: [string, string] = [cpuRange(0, half), cpuRange(half, cpuCount - half)]
  return {
    halves,
    cpusOf(arm, round) {
      // One draw per round, from the seed alone: the same round always gets the same halves.
      const swapped = seededRandom((seed ^ Math.imul(Math.max(1, round), 0x9e3779b1)) >>> 0)() < 0.5
      const first = arms.indexOf(arm) === 0 ? !swapped : swapped
      return first ? halves[0] : halves[1]
    },
  }
}

/** The CPUs a CPU list names: `0-1,3` → [0, 1, 3]. */
export function cpuIndexes(list: string): number[] {
  return list.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number)
    if (!Number.isInteger(from) || !Number.isInteger(to) || to! < from!)
      throw new Error(`not a CPU list: ${list}`)
    return Array.from({ length: to! - from! + 1 }, (_, i) => from! + i)
  })
}
