import type { ArmProfile, Unsymbolized } from '../model/profile'
import { isUnnamedJit, KERNEL_FRAME } from '../model/profile'

/**
 * At or above this share of both arms' samples charged to code perf could not name, the profile
 * cannot say which function changed: the table would rank the few named ones (a runtime's helpers,
 * the kernel's entries) by noise, and "no function grew" would read as an answer.
 */
export const UNSYMBOLIZED_SHARE = 0.5

/** `[unknown] (/pocketbase)` → `/pocketbase`; a JIT frame without a map → 'jit'; null for a named frame. */
function unnamedFile(frame: string): string | null {
  if (isUnnamedJit(frame)) return 'jit'
  const file = /^\[unknown\] \((.*)\)$/.exec(frame)?.[1]
  return file === undefined ? null : file
}

/** The frame a sample's CPU is charged to: the innermost outside the kernel, the process name aside. */
function chargedFrame(stack: string): string | null {
  const frames = stack.split(';').filter(Boolean).slice(1)
  return frames.filter((frame) => !frame.endsWith(KERNEL_FRAME)).at(-1) ?? null
}

const RUNTIME_SIGNS: Array<[Unsymbolized['runtime'], RegExp]> = [
  // A process, a library, or a frame that only that runtime's own code has.
  ['jvm', /(^|;)java;|libjvm\.so|(^|;)(JavaThread|JavaCalls|CompileBroker|Interpreter)\b|(^|;)JVM_/],
  ['node', /(^|;)node;|\/node\)|(^|;)(node::|v8::|Builtins_)/],
  ['cpython', /(^|;)python[\d.]*;|\/(lib)?python3[\d.]*(\.so[\d.]*)?\)|(^|;)_?Py[A-Z]\w*_/],
]

/** The runtime whose process, library or frames the profile shows, the most-sampled first. */
function runtimeOf(stacks: ReadonlyArray<[string, number]>): Unsymbolized['runtime'] | null {
  let best: { runtime: Unsymbolized['runtime']; samples: number } | null = null
  for (const [runtime, sign] of RUNTIME_SIGNS) {
    const samples = stacks.filter(([stack]) => sign.test(stack)).reduce((sum, [, n]) => sum + n, 0)
    if (samples > 0 && (!best || samples > best.samples)) best = { runtime, samples }
  }
  return best?.runtime ?? null
}

/**
 * Where most of the samples are charged to code without a symbol, which file that code was in
 * (the most-sampled one) and what made it: a JIT's code without a perf map, an interpreter that
 * names none of its functions (CPython before `-X perf`), a stripped binary. Null where the
 * profile names most of its samples.
 */
export function unsymbolizedSamples(base: ArmProfile, head: ArmProfile): Unsymbolized | null {
  const stacks = [...Object.entries(base.stacks), ...Object.entries(head.stacks)]
  const byFile = new Map<string, number>()
  let total = 0
  for (const [stack, count] of stacks) {
    total += count
    const frame = chargedFrame(stack)
    const file = frame === null ? null : unnamedFile(frame)
    if (file !== null) byFile.set(file, (byFile.get(file) ?? 0) + count)
  }
  const unnamed = [...byFile.values()].reduce((sum, n) => sum + n, 0)
  if (total === 0 || unnamed / total < UNSYMBOLIZED_SHARE) return null
  const [file] = [...byFile].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!
  const runtime = runtimeOf(stacks)
  const share = Number((unnamed / total).toFixed(3))
  if (file === 'jit') return { share, file, runtime: runtime ?? 'jit' }
  if (/\/(lib)?python[\d.]*(\.so[\d.]*)?$/.test(file)) return { share, file, runtime: 'cpython' }
  if (/libjvm\.so$/.test(file)) return { share, file, runtime: 'jvm' }
  if (file === '[unknown]' || file === 'unknown') return { share, file, runtime: runtime ?? 'unmapped' }
  return { share, file, runtime: runtime === 'cpython' ? 'cpython' : 'binary' }
}
