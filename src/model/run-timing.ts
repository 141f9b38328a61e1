import { z } from 'zod'
import { finite, finiteOrNull } from './validation'

/** How a warm-up by steadiness ended: steady (the drift between its last windows within the rule), or at its cap. */
export const warmupEndSchema = z.object({
  reason: z.enum(['steady', 'cap']),
  /** Seconds of load when it ended. */
  seconds: finite,
  /** The last drift the rule saw (a ratio − 1); null when it never had two sets of windows. */
  drift: finiteOrNull,
})
export type WarmupEnd = z.infer<typeof warmupEndSchema>

/** A runtime's name from the table of decide/runtime-warmup.ts ("Node.js", ".NET"). */
const runtimeName = z.string().regex(/^[\w.+ -]{1,16}$/)

/** Where a run's wall time went, from the stacks' start to the end of its last trial (seconds). */
export const runTimingSchema = z.object({
  wallSeconds: finite,
  /** The measured windows the verdict rests on. */
  measuredSeconds: finite,
  /** Warm-ups of fresh instances (side by side: counted once). */
  warmupSeconds: finite,
  /** The load generator's start-up and discard around the measured windows. */
  loadStartupSeconds: finite,
  /** From the stacks' start (builds included) to the first trial. */
  stacksStartSeconds: finite,
  /** Renewals, pauses and resource sampling between trials. */
  otherSeconds: finite,
  /** measuredSeconds / wallSeconds. */
  measuredShare: z.number().min(0).max(1),
  /** warmup auto: the length chosen for every warm-up, and the runtimes and processes it was chosen from. */
  warmupAuto: z
    .object({
      seconds: finite,
      runtimes: z.array(runtimeName).max(16),
      // Read from the service's own processes: only names that are safe to show anywhere.
      processes: z.array(z.string().regex(/^([\w.+-]{1,15}|\?)$/)).max(8),
      seen: z.boolean(),
    })
    .optional(),
  /** pause-idle-arm auto: whether the idle arm was paused, and the JIT runtimes that kept it running. */
  idleArmAuto: z.object({ pause: z.boolean(), runtimes: z.array(runtimeName).max(16) }).optional(),
  /** warmup steady: how the warm-ups ended, and their lengths in seconds. */
  warmupEnds: z
    .object({
      steady: z.number().int().nonnegative(),
      capped: z.number().int().nonnegative(),
      seconds: z.array(finite).length(3),
    })
    .optional(),
})
export type RunTiming = z.infer<typeof runTimingSchema>
