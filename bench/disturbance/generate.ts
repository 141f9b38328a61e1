// A disturbance beside a measurement, bounded in time: it exits at its --seconds limit, and as soon
// as the process that started it is gone (it never outlives a bench that was stopped).
//   node --import tsx bench/disturbance/generate.ts KIND --seconds S [--threads N] [--seed N]
// Kinds:
//   bursty     as many busy threads as cores, each on and off in bursts of random length 0.2–2 s:
//              while on they take the whole machine, as steal does (one thread per core gets no idle
//              core to be moved to);
//   half-core  one thread busy half of every 100 ms: a steady half core;
//   membw      a memory-bandwidth hog: threads (default 1) streaming over a buffer larger than the
//              caches (256 MiB each), reading and writing every cache line.
// On exit it prints one line: the kind, the seconds it ran and the CPU seconds it took.
import os from 'node:os'
import { Worker } from 'node:worker_threads'

export const KINDS = ['bursty', 'half-core', 'membw'] as const
export type Kind = (typeof KINDS)[number]

interface Job {
  kind: Kind
  until: number
  seed: number
}

/**
 * One thread's share of the disturbance, until `until` (ms since the epoch), as plain JavaScript
 * source: a worker runs it with no loader, and the transpiler adds nothing to it.
 */
const WORKER_SOURCE = String.raw`
const { kind, until, seed } = require('node:worker_threads').workerData
let state = seed >>> 0
// mulberry32: a seeded stream, so a disturbance can be run again as it was.
function random() {
  state = (state + 0x6d2b79f5) >>> 0
  let t = Math.imul(state ^ (state >>> 15), 1 | state)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const cell = new Int32Array(new SharedArrayBuffer(4))
const sleep = (ms) => Atomics.wait(cell, 0, 0, Math.max(0, ms))
let sink = 0
function spin(ms) {
  const end = Date.now() + ms
  while (Date.now() < end) for (let i = 0; i < 10000; i++) sink = (sink * 1103515245 + 12345) | 0
}
const left = () => until - Date.now()
if (kind === 'bursty') {
  for (let on = random() < 0.5; left() > 0; on = !on) {
    const ms = Math.min(left(), 200 + 1800 * random())
    if (on) spin(ms)
    else sleep(ms)
  }
} else if (kind === 'half-core') {
  while (left() > 0) {
    spin(Math.min(50, left()))
    sleep(Math.min(50, left()))
  }
} else {
  // 256 MiB: far beyond any cache, so every pass goes to memory; 8 doubles are one 64-byte line.
  const buffer = new Float64Array(32 * 1024 * 1024)
  for (let pass = 1; left() > 0; pass++)
    for (let i = 0; i < buffer.length && ((i & 0xfffff) !== 0 || left() > 0); i += 8) buffer[i] += pass
}
if (sink === 0.5) console.log(sink)
`

export function parseArgs(argv: string[]): { kind: Kind; seconds: number; threads: number; seed: number } {
  const [kind, ...rest] = argv
  const flag = (name: string) => {
    const at = rest.indexOf(`--${name}`)
    return at >= 0 ? rest[at + 1] : undefined
  }
  if (!KINDS.includes(kind as Kind))
    throw new Error(`the disturbance kind must be one of ${KINDS.join(', ')}, got "${kind ?? ''}"`)
  const seconds = Number(flag('seconds'))
  if (!(seconds > 0 && seconds <= 24 * 3600))
    throw new Error(
      `--seconds must be a number of seconds above 0 (at most a day), got "${flag('seconds') ?? ''}"`,
    )
  const cores = os.availableParallelism()
  const threads = Number(flag('threads') ?? (kind === 'bursty' ? cores : 1))
  if (!(Number.isInteger(threads) && threads >= 1 && threads <= 256))
    throw new Error(`--threads must be a whole number from 1 to 256, got "${flag('threads')}"`)
  return { kind: kind as Kind, seconds, threads, seed: Number(flag('seed') ?? 1) }
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseArgs>
  try {
    options = parseArgs(process.argv.slice(2))
  } catch (error) {
    process.stderr.write(`generate: ${(error as Error).message}\n`)
    process.exit(2)
  }
  const started = Date.now()
  const until = started + options.seconds * 1000
  const parent = process.ppid
  let ending = false
  const done = (why: string) => {
    if (ending) return
    ending = true
    const cpu = process.cpuUsage()
    const cpuSeconds = (cpu.user + cpu.system) / 1e6
    process.stdout.write(
      `disturbance ${options.kind}: ${options.threads} thread(s), ran ${((Date.now() - started) / 1000).toFixed(1)} s ` +
        `(${why}), ${cpuSeconds.toFixed(2)} CPU seconds\n`,
      () => process.exit(0),
    )
  }
  // The bound holds even if a worker never yields: the main thread only waits on timers.
  setTimeout(() => done('its limit'), options.seconds * 1000).unref()
  setInterval(() => {
    // Re-parented (the starter died): stop now rather than disturb whatever runs next.
    if (process.ppid !== parent) done('its starter is gone')
  }, 250)
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => done(signal))
  for (let i = 0; i < options.threads; i++) {
    const job: Job = { kind: options.kind, until, seed: options.seed * 1000 + i }
    // Plain JavaScript in the worker: it needs no loader, and stops with the process.
    new Worker(WORKER_SOURCE, { eval: true, workerData: job }).unref()
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) await main()
