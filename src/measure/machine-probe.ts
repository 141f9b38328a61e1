import { median } from '../decide/stats/basic'
import type { MachineProbe } from '../model/types'

/** How often the probe runs its fixed work: about 0.5 ms each time, a quarter of a percent of one CPU. */
const PROBE_INTERVAL_MS = 200
const PROBE_ITERATIONS = 400_000
/** Fewer samples than this say nothing about a trial. */
const MIN_SAMPLES = 5

let sink = 0

/** A fixed amount of integer work that no change of the system under test can alter. */
function fixedWork(): void {
  let x = 0x9e3779b9 ^ sink
  for (let i = 0; i < PROBE_ITERATIONS; i++) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
  }
  sink = x
}

/**
 * The runner's speed during a trial, from a probe the head's code cannot change: the same small
 * piece of work, timed every PROBE_INTERVAL_MS on the clock (what the work waited for included) and
 * in the process's CPU time (the work, and whatever else the process ran meanwhile). A slower machine (a busier host, a lower clock) shows in both; the
 * statistics can hold the per-round ratios against it (bench/detection/machine-covariate.ts).
 */
export function startMachineProbe(): { stop(): MachineProbe | undefined } {
  const wall: number[] = []
  const cpu: number[] = []
  const timer = setInterval(() => {
    const cpuBefore = process.cpuUsage()
    const started = process.hrtime.bigint()
    fixedWork()
    wall.push(Number(process.hrtime.bigint() - started) / 1000)
    const used = process.cpuUsage(cpuBefore)
    cpu.push(used.user + used.system)
  }, PROBE_INTERVAL_MS)
  timer.unref()
  return {
    stop() {
      clearInterval(timer)
      if (wall.length < MIN_SAMPLES) return undefined
      const round1 = (value: number) => Math.round(value * 10) / 10
      return { samples: wall.length, wallMicros: round1(median(wall)!), cpuMicros: round1(median(cpu)!) }
    },
  }
}

/** `work` with the probe running through it when `enabled`; the probe is stopped however it ends. */
export async function probed<T>(
  enabled: boolean,
  work: () => Promise<T>,
): Promise<{ value: T; probe?: MachineProbe }> {
  const probe = enabled ? startMachineProbe() : null
  try {
    const value = await work()
    const figure = probe?.stop()
    return figure ? { value, probe: figure } : { value }
  } finally {
    probe?.stop()
  }
}
