import { z } from 'zod'
import { finite, text } from './validation'

// A differential CPU profile: one extra trial per arm after the verdict, with a sampling profiler
// on that arm's processes. Stack frames are symbol names from the code under test (a fork's code
// names its own functions): bounded here, escaped wherever they are shown.

/** The suffix of a kernel frame in a stack, as FlameGraph's `--kernel` marks them (`_raw_spin_unlock [k]`). */
export const KERNEL_FRAME = ' [k]'
/**
 * A frame in code a JIT compiled that perf could not name: the runtime wrote no perf map (the JVM
 * without a flag or agent, Node without `--perf-basic-prof`, Python without `-X perf`). perf names
 * such a frame after a per-process file (`/tmp/perf-13863.map`), which differs between the arms'
 * processes: one name for all of them, so base and head still match.
 */
export const UNNAMED_JIT_FRAME = '[JIT code without symbols]'
/** A frame as perf named it before UNNAMED_JIT_FRAME (stacks recorded by earlier versions). */
const PER_PROCESS_MAP_FRAME = /^\[unknown\] \(\/tmp\/perf-\d+\.map\)$/

export function isUnnamedJit(frame: string): boolean {
  return frame === UNNAMED_JIT_FRAME || PER_PROCESS_MAP_FRAME.test(frame)
}
/** Stacks an arm keeps in results.json (the `.folded` file beside it keeps them all), and their length. */
export const MAX_STACKS = 2000
export const MAX_STACK_CHARS = 2000

/** One arm's profiling trial: its folded stacks (`comm;outer;…;leaf` → samples) and what it served. */
export const armProfileSchema = z.object({
  /** Requests the profiling trial completed: the denominator of CPU per request. */
  requests: z.number().int().nonnegative(),
  samples: z.number().int().nonnegative(),
  stacks: z
    .record(text(MAX_STACK_CHARS), z.number().int().positive())
    .refine((stacks) => Object.keys(stacks).length <= MAX_STACKS, `at most ${MAX_STACKS} stacks`),
})
export type ArmProfile = z.infer<typeof armProfileSchema>

export const profileModeSchema = z.enum(['on-regression', 'always', 'off'])
/** When the profiling pair runs. */
export type ProfileMode = z.infer<typeof profileModeSchema>

/** What `results.json` keeps of the profiling pair: both arms' stacks, or why there are none. */
export const profileRecordingSchema = z.object({
  /** Samples per second of on-CPU time (`perf record -F`). */
  hz: finite,
  /** The two trials' wall-clock seconds together, the profiler included: the pair's cost. */
  seconds: finite,
  arms: z.object({ base: armProfileSchema, head: armProfileSchema }).optional(),
  /** Why there is no profile (perf unavailable, not permitted, a trial failed); one line. */
  unavailable: text(500).optional(),
})
export type ProfileRecording = z.infer<typeof profileRecordingSchema>

/** One function's CPU per request in each arm, in µs: where it ran itself, and with what it called. */
export const functionCostSchema = z.object({
  name: text(1000),
  selfBase: finite,
  selfHead: finite,
  totalBase: finite,
  totalHead: finite,
})
export type FunctionCost = z.infer<typeof functionCostSchema>

/** A node of the differential flame graph: head's CPU per request (width) beside base's (colour). */
export interface FlameNode {
  name: string
  head: number
  base: number
  children: FlameNode[]
}

const flameNodeSchema: z.ZodType<FlameNode> = z.lazy(() =>
  z.object({
    name: text(1000),
    head: finite,
    base: finite,
    children: z.array(flameNodeSchema).max(200),
  }),
)

/**
 * Most of the samples charged to code perf could not name: the share of both arms' samples, the
 * file the most of them were in (`jit` for a JIT's code without a perf map) and the runtime the
 * profile shows, which says how to get names (a binary without `-s`, `node --perf-basic-prof`,
 * a JVM's perf map, `python -X perf`).
 */
export const unsymbolizedSchema = z.object({
  share: finite,
  file: text(500),
  runtime: z.enum(['jit', 'jvm', 'node', 'cpython', 'binary', 'unmapped']),
})
export type Unsymbolized = z.infer<typeof unsymbolizedSchema>

/** What a comparison says of the profiling pair: the functions that grew most, and the flame graph. */
export const profileDiffSchema = z.object({
  /** Ordered by how much their own CPU per request grew, base → head. */
  functions: z.array(functionCostSchema).max(50),
  /** CPU per request over the whole arm, µs. */
  totalBase: finite,
  totalHead: finite,
  samples: z.object({ base: finite, head: finite }),
  requests: z.object({ base: finite, head: finite }),
  /**
   * µs per request the kernel spent switching threads in and out (samples under its scheduler:
   * parking, waking, preempting), kept out of `functions`: it follows waits and concurrency, not
   * any one function's work. Absent in comparisons made before it was counted apart.
   */
  switching: z.object({ base: finite, head: finite }).optional(),
  /**
   * µs per request in JIT-compiled code without symbols (UNNAMED_JIT_FRAME as the leaf), kept out
   * of `functions`: it is no one function. Absent where neither arm had any.
   */
  unnamedJit: z.object({ base: finite, head: finite }).optional(),
  /** Where most samples have no symbol: then no function is judged, and the report says how to get names. */
  unsymbolized: unsymbolizedSchema.optional(),
  flame: flameNodeSchema.optional(),
  unavailable: text(500).optional(),
})
export type ProfileDiff = z.infer<typeof profileDiffSchema>
