import { KERNEL_FRAME, UNNAMED_JIT_FRAME } from '../../model/profile'
import type { PerfMap } from './perf-map'

/**
 * Folds `perf script` output into stacks: `comm;outermost;…;leaf` → samples. A frame is its symbol
 * without the offset (`net/http.(*conn).serve+0x414` → `net/http.(*conn).serve`); a frame perf could
 * not name is `[unknown]` with its file (`[unknown] (/api)`), so a stripped binary shows as itself.
 * Kernel frames end in ` [k]`, so the diff can charge them to the code that entered the kernel.
 * JIT-compiled code is named from the runtime's perf map where there is one (`jitFrameName`), and
 * is UNNAMED_JIT_FRAME where there is none, whichever process's map file perf looked for. Where
 * the process's map was read (`jitMaps`, by pid), its newest line for the address names the frame,
 * not the line perf picked (see PerfMap).
 */
export function foldPerfScript(
  text: string,
  jitMaps: ReadonlyMap<number, PerfMap> = new Map(),
): Map<string, number> {
  const stacks = new Map<string, number>()
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => l.trim())
    const header = lines[0]
    if (!header || /^\s/.test(header)) continue
    // `comm pid[/tid] [cpu] time: period event:` — comm may contain spaces; the pid follows it.
    const [, commText, pid] = /^(.*?)\s+(\d+)(?:\/\d+)?\s/.exec(header) ?? []
    const comm = commText?.trim() || 'unknown'
    const jitMap = jitMaps.get(Number(pid))
    const frames = lines
      .slice(1)
      .map((line) => frameName(line, jitMap))
      .filter((name): name is string => name !== null)
      .reverse()
    const key = [comm, ...frames].map((f) => f.replace(/;/g, ':')).join(';')
    stacks.set(key, (stacks.get(key) ?? 0) + 1)
  }
  return stacks
}

/** `\t  addr symbol+0xoff (dso)` → `symbol`, or `[unknown] (dso)`; ` [k]` after a kernel frame. */
function frameName(line: string, jitMap?: PerfMap): string | null {
  const match = /^\s*([0-9a-f]+)\s+(.*?)\s+\(([^()]*)\)\s*$/.exec(line)
  if (!match) return null
  const [, address = '', perfSymbol = '', dso = ''] = match
  const jit = PER_PROCESS_MAP.test(dso)
  const symbol = jit && jitMap ? (jitMap.lookup(parseInt(address, 16)) ?? '') : perfSymbol
  const unnamed = symbol === '[unknown]' || symbol === ''
  const name = unnamed
    ? jit
      ? UNNAMED_JIT_FRAME
      : `[unknown] (${dso || 'unknown'})`
    : jitFrameName(symbol.replace(/\+0x[0-9a-f]+$/, ''))
  return isKernelAddress(address, dso) ? `${name}${KERNEL_FRAME}` : name
}

/** The file perf names anonymous executable memory after (a JIT's code): one per process. */
const PER_PROCESS_MAP = /^\/tmp\/perf-\d+\.map$/

/**
 * The JVM's perf map names a compiled method with its return type (`java.lang.String
 * Shop.priceQuote(int)`): the method and its parameters alone (`Shop.priceQuote(int)`), as a
 * Java stack trace names it, so a changed return type is not a new function.
 */
const JVM_METHOD = /^[\w$.[\]]+ ([\w$.]+\.[\w$<>]+\([\w$.[\], ]*\))$/

/**
 * V8's perf map names a function with its tier and position (`JS:*checkout /app/server.js:70:18`,
 * `JS:^checkout …` before it was optimised, `LazyCompile:*…` in older versions): the function and
 * its file alone (`checkout (/app/server.js)`), so every tier of it is one row and an edit above it
 * in the file does not make it a new function. A JVM's method loses its return type (JVM_METHOD).
 * Any other name is kept as it is.
 */
export function jitFrameName(symbol: string): string {
  const jvm = JVM_METHOD.exec(symbol)
  if (jvm) return jvm[1]!
  const v8 = /^(?:JS|LazyCompile|Function):[*~^+]?(.*?) (\S+?)(?::\d+){1,2}$/.exec(symbol)
  if (!v8) return symbol
  const [, name = '', file = ''] = v8
  return `${name || '(anonymous)'} (${file})`
}

/** x86-64 and arm64 kernels live in the top half of the address space; perf names their dso `[kernel.kallsyms]` or a module's `[name]`. */
function isKernelAddress(address: string, dso: string): boolean {
  return (address.length === 16 && /^ffff[89a-f]/.test(address)) || dso.startsWith('[kernel')
}

/** Stacks as the conventional `.folded` text (Brendan Gregg's FlameGraph, speedscope): one `stack count` a line. */
export function foldedText(stacks: ReadonlyMap<string, number>): string {
  return [...stacks]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([stack, count]) => `${stack} ${count}\n`)
    .join('')
}
