// Does where a binary's code sits in memory set how much CPU its requests cost? Every instance of
// an image runs its binary from the same page-cache pages, so if the pages matter, an arm keeps an
// offset through a whole run however often its containers are replaced (the A/A lean of the
// CPU-bound service, docs/statistics.md). Here, without Docker: `copies` copies of the CPU-bound
// service's binary, identical bytes in separate files (so separate page-cache pages), each started
// `passes` times as a fresh process (the copies' order drawn per pass) and sent the same fixed
// sequence of requests from loopback. Per start, the service's CPU nanoseconds per request (every
// thread's schedstat) and the client's wall time per request. One-way analysis of variance over the
// copies: F about 1, and a permutation p-value far from 0, when only the process start matters;
// a between-copies SD well above zero when the file's pages carry an offset. Needs the binary
// (bash cpu-bound/prepare.sh) and nothing else running.
//   node --import tsx bench/detection/binary-copies.ts [copies=12] [passes=4] [requests=4000]
import { spawn, type ChildProcess } from 'node:child_process'
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { seededRandom } from '../../src/util/random'

const [copies, passes, requests] = [12, 4, 4000].map((d, i) => Number(process.argv[2 + i] ?? d)) as [
  number,
  number,
  number,
]
const WARMUP_REQUESTS = 500
const CONCURRENCY = 4
const BINARY = 'cpu-bound/api/bin/api'

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** CPU time of every thread of `pid` so far, in nanoseconds (the first field of each schedstat). */
async function cpuNanoseconds(pid: number): Promise<number> {
  let total = 0
  for (const task of await readdir(`/proc/${pid}/task`)) {
    const stat = await readFile(`/proc/${pid}/task/${task}/schedstat`, 'utf8').catch(() => '0')
    total += Number(stat.split(' ')[0])
  }
  return total
}

/** Keep-alive connections of the current start (a fresh set per process). */
let agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })

function request(port: number, method: string, pathname: string, body?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathname,
        agent,
        headers: body ? { 'Content-Type': 'application/json' } : {},
      },
      (res) => {
        res.resume()
        res.on('end', () =>
          res.statusCode! < 400 ? resolve() : reject(new Error(`${method} ${pathname}: ${res.statusCode}`)),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** The i-th request of the fixed sequence: the k6 script's mix (30/30/20/20), ids spread by a prime. */
function nth(port: number, i: number): Promise<void> {
  const id = (i * 7919) % 1000
  const slot = i % 10
  if (slot < 3) return request(port, 'GET', `/catalog?page=${id}`)
  if (slot < 6) return request(port, 'GET', '/top')
  if (slot < 8) return request(port, 'GET', `/stock/${id}`)
  return request(port, 'POST', '/orders', JSON.stringify({ item: id, quantity: 1 + (id % 5) }))
}

async function sequence(port: number, count: number): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < count) await nth(port, next++)
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
}

async function healthy(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (
      await request(port, 'GET', '/health').then(
        () => true,
        () => false,
      )
    )
      return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`the service on port ${port} never answered /health`)
}

/** One fresh process of `binary`: its CPU nanoseconds and the client's milliseconds per request. */
async function start(binary: string): Promise<{ cpu: number; wall: number }> {
  const port = await freePort()
  agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  const child: ChildProcess = spawn(binary, [], { env: { PORT: String(port) }, stdio: 'ignore' })
  try {
    await healthy(port)
    await sequence(port, WARMUP_REQUESTS)
    const cpuBefore = await cpuNanoseconds(child.pid!)
    const started = process.hrtime.bigint()
    await sequence(port, requests)
    const wall = Number(process.hrtime.bigint() - started) / 1e6 / requests
    const cpu = ((await cpuNanoseconds(child.pid!)) - cpuBefore) / requests
    return { cpu, wall }
  } finally {
    agent.destroy()
    child.kill('SIGKILL')
    await new Promise((resolve) => child.once('exit', resolve))
  }
}

const work = await mkdtemp(path.join(os.tmpdir(), 'loadgate-binary-copies-'))
const cleanup = () => rm(work, { recursive: true, force: true })
process.once('SIGINT', () => void cleanup().then(() => process.exit(130)))
/** samples[copy] = each start's log CPU per request and log wall per request. */
const samples: Array<Array<{ cpu: number; wall: number }>> = Array.from({ length: copies }, () => [])
try {
  const files: string[] = []
  for (let c = 0; c < copies; c++) {
    files.push(path.join(work, `api-${c}`))
    await copyFile(BINARY, files[c]!)
  }
  const random = seededRandom(4242)
  for (let p = 0; p < passes; p++) {
    const order = [...files.keys()].sort(() => random() - 0.5)
    for (const c of order) {
      const { cpu, wall } = await start(files[c]!)
      samples[c]!.push({ cpu: Math.log(cpu), wall: Math.log(wall) })
    }
    process.stderr.write(`pass ${p + 1}/${passes} done\n`)
  }
} finally {
  await cleanup()
}

const mean = (v: number[]) => v.reduce((x, y) => x + y, 0) / v.length
const sumSquares = (v: number[], m = mean(v)) => v.reduce((x, y) => x + (y - m) ** 2, 0)

/** F of copies against starts, and how often a random relabelling of the starts reaches it. */
function anova(groups: number[][], random: () => number) {
  const f = (gs: number[][]) => {
    const within = gs.reduce((x, g) => x + sumSquares(g), 0) / (gs.length * (passes - 1))
    const between = (passes * sumSquares(gs.map(mean))) / (gs.length - 1)
    return { f: between / within, within, between }
  }
  const observed = f(groups)
  const all = groups.flat()
  let reached = 0
  const permutations = 2000
  for (let k = 0; k < permutations; k++) {
    const shuffled = [...all].sort(() => random() - 0.5)
    const gs = groups.map((_, g) => shuffled.slice(g * passes, (g + 1) * passes))
    if (f(gs).f >= observed.f) reached++
  }
  return {
    ...observed,
    p: (reached + 1) / (permutations + 1),
    sdWithin: Math.sqrt(observed.within),
    sdBetween: Math.sqrt(Math.max(0, (observed.between - observed.within) / passes)),
  }
}

const pct = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}%`
console.log(
  `${BINARY}: ${copies} copies (separate files, identical bytes), ${passes} fresh starts each, ${requests} requests a start after ${WARMUP_REQUESTS} to warm up, ${CONCURRENCY} at a time, loopback`,
)
console.log(
  '\n| measure | copies: mean offset (range) | SD between copies | SD between starts | F | p (permutations) |',
)
console.log('|---|---|---:|---:|---:|---:|')
for (const [label, key] of [
  ['service CPU per request', 'cpu'],
  ['client wall time per request', 'wall'],
] as const) {
  const groups = samples.map((s) => s.map((x) => x[key]))
  const grand = mean(groups.flat())
  const offsets = groups.map((g) => mean(g) - grand)
  const a = anova(groups, seededRandom(7))
  console.log(
    `| ${label} | ${pct(Math.min(...offsets))} to ${pct(Math.max(...offsets))} | ${pct(a.sdBetween).slice(1)} | ${pct(a.sdWithin).slice(1)} | ${a.f.toFixed(2)} | ${a.p.toFixed(3)} |`,
  )
}
const cpuMean = Math.exp(mean(samples.flat().map((x) => x.cpu)))
console.log(`\nservice CPU per request, geometric mean: ${(cpuMean / 1000).toFixed(0)} µs`)
