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
 * not the line perf picked (see PerfMap). CPython's own frames are charged to Python code
 * (`chargeInterpreterFrames`).
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
      .map((line) => parseFrame(line, jitMap))
      .filter((frame): frame is Frame => frame !== null)
      .reverse()
    const names = chargeInterpreterFrames(frames).map((frame) => frameName(frame))
    const key = [comm, ...names].map((f) => f.replace(/;/g, ':')).join(';')
    stacks.set(key, (stacks.get(key) ?? 0) + 1)
  }
  return stacks
}

/** One line of a sample's stack: the symbol perf (or the process's perf map) gave, and its file. */
interface Frame {
  symbol: string
  dso: string
  kernel: boolean
  jit: boolean
}

/** `\t  addr symbol+0xoff (dso)` → its frame; the JIT's symbol from the process's map where it was read. */
function parseFrame(line: string, jitMap?: PerfMap): Frame | null {
  const match = /^\s*([0-9a-f]+)\s+(.*?)\s+\(([^()]*)\)\s*$/.exec(line)
  if (!match) return null
  const [, address = '', perfSymbol = '', dso = ''] = match
  const jit = PER_PROCESS_MAP.test(dso)
  const symbol = jit && jitMap ? (jitMap.lookup(parseInt(address, 16)) ?? '') : perfSymbol
  return { symbol: symbol.replace(/\+0x[0-9a-f]+$/, ''), dso, kernel: isKernelAddress(address, dso), jit }
}

/** A frame's name: its symbol, or `[unknown] (dso)`; ` [k]` after a kernel frame. */
function frameName({ symbol, dso, kernel, jit }: Frame): string {
  const unnamed = symbol === '[unknown]' || symbol === ''
  const name = unnamed ? (jit ? UNNAMED_JIT_FRAME : `[unknown] (${dso || 'unknown'})`) : jitFrameName(symbol)
  return kernel ? `${name}${KERNEL_FRAME}` : name
}

/** CPython's interpreter: its binary (`/usr/bin/python3.11`) or its library (`libpython3.13.so.1.0`). */
const CPYTHON_INTERPRETER = /\/(lib)?python3[\d.]*(\.so[\d.]*)?$/
/** The dynamic loader, whose `__tls_get_addr` a shared libpython calls for its thread state. */
const DYNAMIC_LOADER = /\/ld-linux[\w.-]*\.so[\d.]*$/
/** A Python function as CPython's `-X perf` names its trampoline (`py::checkout:/app/server.py`). */
const PYTHON_FUNCTION = /^py::([^:]+):(.+)$/

/**
 * CPython runs a Python function's code in its own C functions (`_PyEval_EvalFrameDefault`,
 * `long_add`, `_PyObject_Malloc`, the loader's `__tls_get_addr`): below a Python function they are
 * that function's own CPU, as a Python profiler counts it, so they are left out and the innermost
 * Python function is the leaf. Code outside the interpreter (a C extension, libc, the kernel) keeps
 * its own frames. Where no Python function is on the stack (CPython without `-X perf`), the
 * interpreter's frames are one `[unknown] (libpython…)`: which Python code ran is not known, and
 * the profile says why.
 */
function chargeInterpreterFrames(frames: Frame[]): Frame[] {
  const inCPython = (frame: Frame) => !frame.kernel && CPYTHON_INTERPRETER.test(frame.dso)
  const firstPython = frames.findIndex((frame) => frame.jit && PYTHON_FUNCTION.test(frame.symbol))
  if (firstPython >= 0) {
    const runsPython = (frame: Frame) => inCPython(frame) || (!frame.kernel && DYNAMIC_LOADER.test(frame.dso))
    return frames.filter((frame, i) => i <= firstPython || !runsPython(frame))
  }
  if (!frames.some(inCPython)) return frames
  return frames
    .map((frame) => (inCPython(frame) ? { ...frame, symbol: '[unknown]' } : frame))
    .filter((frame, i, all) => !(i > 0 && inCPython(frame) && inCPython(all[i - 1]!)))
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
 * in the file does not make it a new function. A JVM's method loses its return type (JVM_METHOD);
 * a Python function is named the same way (`checkout (/app/server.py)`). Any other name is kept as
 * it is.
 */
export function jitFrameName(symbol: string): string {
  const jvm = JVM_METHOD.exec(symbol)
  if (jvm) return jvm[1]!
  const python = PYTHON_FUNCTION.exec(symbol)
  if (python) return `${python[1]} (${python[2]})`
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
