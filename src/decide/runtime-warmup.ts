/**
 * warmup auto: how long a new instance warms up, from the runtimes its processes run. A runtime
 * that compiles hot code as it runs (a JIT) keeps getting faster for tens of seconds, and its
 * latency plateaus between tiers, so no rule over a few seconds of noisy latency can tell it is
 * done; code compiled ahead of time is as fast within its first second as it will be. The runtime
 * is read from the processes themselves: their name, their executable and the libraries they map
 * (a JVM or .NET app host can carry any name; libjvm.so or libcoreclr.so gives it away).
 */
export interface WarmupRuntime {
  runtime: string
  seconds: number
  /** A process name (comm), executable or mapped library that identifies it. */
  sign: RegExp
}

export const JIT_RUNTIMES: readonly WarmupRuntime[] = [
  { runtime: 'JVM', seconds: 60, sign: /^(java|libjvm\.so)$/ },
  { runtime: '.NET', seconds: 60, sign: /^(dotnet|libcoreclr\.so|libmonosgen-2\.0\.so.*)$/ },
  { runtime: 'PyPy', seconds: 60, sign: /^(pypy[\d.]*|libpypy[\w.-]*\.so.*)$/ },
  { runtime: 'Julia', seconds: 60, sign: /^(julia|libjulia\.so.*)$/ },
  { runtime: 'HHVM', seconds: 60, sign: /^hhvm$/ },
  { runtime: 'Node.js', seconds: 30, sign: /^(node|nodejs|libnode\.so.*)$/ },
  { runtime: 'Deno', seconds: 30, sign: /^deno$/ },
  { runtime: 'Bun', seconds: 30, sign: /^bun$/ },
  { runtime: 'LuaJIT', seconds: 30, sign: /^(luajit|openresty|libluajit[\w.-]*\.so.*)$/ },
  // Interpreted, with inline caches to fill; YJIT where it is enabled.
  { runtime: 'Ruby', seconds: 10, sign: /^(ruby|libruby\.so.*)$/ },
]

/**
 * No JIT runtime among the processes: the Go services here were flat after 0.75 s of their first
 * requests (connections, caches; 0.25-s windows against the instance's own trial, docs/statistics.md).
 */
export const COMPILED_WARMUP_SECONDS = 1
/** The processes cannot be seen (a URL target, or no access to them): the fixed length of old. */
export const UNSEEN_WARMUP_SECONDS = 10

/** What warmup auto chose, for the log, the results and the report. */
export interface WarmupChoice {
  seconds: number
  /** The JIT runtimes found, in the table's order; empty when none was. */
  runtimes: string[]
  /** Up to eight of the processes' names as read (sanitised: they come from the service's code). */
  processes: string[]
  /** False where the processes could not be read. */
  seen: boolean
}

/** What one process shows of its runtime: its name, and its name's, executable's and mapped libraries' names. */
export interface ProcessSigns {
  name: string
  signs: string[]
}

/** The warm-up for processes showing these signs: the longest any of their runtimes needs. */
export function chooseWarmup(processes: ProcessSigns[] | null): WarmupChoice {
  if (!processes || processes.length === 0)
    return { seconds: UNSEEN_WARMUP_SECONDS, runtimes: [], processes: [], seen: false }
  const found = jitRuntimesOf(processes)
  const names = [...new Set(processes.map((p) => safeProcessName(p.name)))].slice(0, 8)
  const seconds = Math.max(COMPILED_WARMUP_SECONDS, ...found.map((r) => r.seconds))
  return { seconds, runtimes: found.map((r) => r.runtime), processes: names, seen: true }
}

/** The JIT runtimes these processes run, in the table's order. */
export function jitRuntimesOf(processes: ProcessSigns[]): WarmupRuntime[] {
  return JIT_RUNTIMES.filter((r) => processes.some((p) => p.signs.some((s) => r.sign.test(s))))
}

/** A process name as it may be shown: word characters, dots, pluses and dashes, at most 15 (comm's limit). */
export function safeProcessName(name: string): string {
  return name.replace(/[^\w.+-]/g, '').slice(0, 15) || '?'
}

/**
 * "warmup auto: 30 s on every new instance, for the Node.js JIT compiler (processes node)"; said
 * once the first instances run. `code` shows a process name (markdown wraps it in a code span).
 */
export function warmupChoiceText(choice: WarmupChoice, code = (name: string) => name): string {
  const every = `warmup auto: ${choice.seconds} s on every new instance`
  if (!choice.seen)
    return `${every}: the stack's processes cannot be seen, so no runtime could be told (set warmup to a duration to choose)`
  const processes = `processes ${choice.processes.map(code).join(', ')}`
  if (choice.runtimes.length === 0)
    return `${every}: no runtime that compiles as it runs among the ${processes}`
  return `${every}, for the ${choice.runtimes.join(' and ')} JIT compiler (${processes})`
}
