// Merge cost: synthesizes N HTTP requests in k6's `--out json` line shapes, written both as one
// file and dealt round robin into 8 segment files (what 8 machines running execution segments
// write), then times loadgate's merge of the 8 against its parse of the one file — the same
// requests either way. Best of `repeats` runs each, alternating.
//   node --import tsx bench/cost/merge.ts [requests=1000000] [repeats=3]
import { createWriteStream, type WriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { constants, createGzip, type Gzip } from 'node:zlib'
import { parseK6Segments } from '../../src/measure/load/k6/merge'
import { parseK6Output } from '../../src/measure/load/k6/parse'

const requests = Number(process.argv[2] ?? 1_000_000)
const repeats = Number(process.argv[3] ?? 3)
const SEGMENTS = 8
const dir = path.resolve('bench/out', `merge-${requests}`)
const names = ['GET /items/:id', 'GET /inventory/:id', 'POST /orders']
const PER_REQUEST = ['http_req_blocked', 'http_req_connecting', 'http_req_sending', 'http_req_waiting']

interface Sink {
  file: string
  gzip: Gzip
  done: Promise<void>
  batch: string
}

function sink(file: string): Sink {
  const gzip = createGzip({ level: constants.Z_BEST_SPEED })
  const out: WriteStream = gzip.pipe(createWriteStream(file))
  const done = new Promise<void>((resolve) => out.on('finish', () => resolve()))
  return { file, gzip, done, batch: '' }
}

async function flush(target: Sink, force = false): Promise<void> {
  if (!force && target.batch.length < 1 << 20) return
  if (!target.gzip.write(target.batch)) await new Promise<void>((r) => target.gzip.once('drain', () => r()))
  target.batch = ''
}

async function synthesize(): Promise<{ whole: string; parts: string[] }> {
  await mkdir(dir, { recursive: true })
  const whole = sink(path.join(dir, 'whole.json.gz'))
  const parts = Array.from({ length: SEGMENTS }, (_, i) => sink(path.join(dir, `segment-${i + 1}.json.gz`)))
  const declarations = [
    ['http_reqs', 'counter'],
    ['http_req_duration', 'trend'],
    ['checks', 'rate'],
    ['iterations', 'counter'],
    ...PER_REQUEST.map((m) => [m, 'trend']),
  ]
    .map(([name, type]) =>
      JSON.stringify({ type: 'Metric', data: { name, type, contains: 'default' }, metric: name }),
    )
    .join('\n')
  for (const target of [whole, ...parts]) target.batch += `${declarations}\n`
  const start = Date.parse('2026-11-22T12:00:00Z')
  for (let i = 0; i < requests; i++) {
    const time = new Date(start + i * 2).toISOString()
    const name = names[i % 3]!
    const method = name.split(' ')[0]!
    const status = i % 97 === 0 ? '500' : '200'
    const tags = {
      expected_response: String(status === '200'),
      method,
      name,
      scenario: 'api',
      status,
      url: name,
    }
    const point = (metric: string, value: number, t: object = tags) =>
      JSON.stringify({ metric, type: 'Point', data: { time, value, tags: t } })
    const lines = [point('http_reqs', 1), point('http_req_duration', 3 + ((i * 7919) % 1000) / 100)]
    for (const m of PER_REQUEST) lines.push(point(m, (i % 13) / 10))
    lines.push(point('checks', status === '200' ? 1 : 0, { scenario: 'api', check: 'status is 2xx' }))
    lines.push(point('iterations', 1, { scenario: 'api' }))
    const text = `${lines.join('\n')}\n`
    whole.batch += text
    parts[i % SEGMENTS]!.batch += text
    await flush(whole)
    await flush(parts[i % SEGMENTS]!)
  }
  for (const target of [whole, ...parts]) {
    await flush(target, true)
    target.gzip.end()
    await target.done
  }
  return { whole: whole.file, parts: parts.map((p) => p.file) }
}

async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; result: T }> {
  const started = process.hrtime.bigint()
  const result = await work()
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, result }
}

process.stdout.write(`synthesizing ${requests.toLocaleString('en')} requests into ${dir} …\n`)
const files = await synthesize()
let parse = Number.POSITIVE_INFINITY
let merge = Number.POSITIVE_INFINITY
let counts = ''
for (let run = 0; run < repeats; run++) {
  const one = await timed(() => parseK6Output(files.whole))
  const eight = await timed(() => parseK6Segments(files.parts))
  parse = Math.min(parse, one.seconds)
  merge = Math.min(merge, eight.seconds)
  const [all, merged] = [one.result.series[0]!, eight.result.series[0]!]
  if (all.requests !== merged.requests || all.latency?.p95 !== merged.latency?.p95)
    throw new Error(`the merge differs from the whole: ${merged.requests} vs ${all.requests} requests`)
  counts = `${merged.requests.toLocaleString('en')} requests, p95 ${merged.latency?.p95} ms in both`
}
process.stdout.write(
  [
    `checked: ${counts}`,
    `parse of one file:        ${parse.toFixed(2)} s`,
    `merge of ${SEGMENTS} segment files: ${merge.toFixed(2)} s (${(merge / parse).toFixed(2)}× the parse; target ≤ 1.5×)`,
  ].join('\n') + '\n',
)
