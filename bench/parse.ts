// Parser throughput: synthesizes a k6 `--out json` file of N HTTP requests with k6's own line
// shapes (every per-request metric, checks, iterations), then times loadgate's streaming parser
// against `gzip -dc FILE > /dev/null` on the same file, and reports the parser's peak RSS.
//   node --import tsx bench/parse.ts [requests=1000000]
import { execFileSync, spawnSync } from 'node:child_process'
import { createWriteStream, existsSync, statSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { createGzip, constants } from 'node:zlib'

const requests = Number(process.argv[2] ?? 1_000_000)
const dir = path.resolve('bench/out')
const file = path.join(dir, `k6-${requests}.json.gz`)

const names = ['GET /items/:id', 'GET /inventory/:id', 'POST /orders']
const PER_REQUEST = [
  'http_req_blocked',
  'http_req_connecting',
  'http_req_tls_handshaking',
  'http_req_sending',
  'http_req_waiting',
  'http_req_receiving',
]

async function synthesize(): Promise<void> {
  await mkdir(dir, { recursive: true })
  const gzip = createGzip({ level: constants.Z_BEST_SPEED })
  const out = gzip.pipe(createWriteStream(file))
  const write = (line: string) =>
    gzip.write(`${line}\n`) ? Promise.resolve() : new Promise<void>((r) => gzip.once('drain', () => r()))
  for (const [name, type, contains] of [
    ['http_reqs', 'counter', 'default'],
    ['http_req_duration', 'trend', 'time'],
    ['http_req_failed', 'rate', 'default'],
    ['checks', 'rate', 'default'],
    ['iterations', 'counter', 'default'],
    ['iteration_duration', 'trend', 'time'],
    ['data_sent', 'counter', 'data'],
    ['data_received', 'counter', 'data'],
    ...PER_REQUEST.map((m) => [m, 'trend', 'time']),
  ]) {
    await write(
      JSON.stringify({
        type: 'Metric',
        data: { name, type, contains, thresholds: [], submetrics: null },
        metric: name,
      }),
    )
  }
  const start = Date.parse('2026-11-22T12:00:00Z')
  let batch = ''
  for (let i = 0; i < requests; i++) {
    const time = new Date(start + i * 2).toISOString().replace('Z', '123456Z')
    const method = i % 5 === 4 ? 'POST' : 'GET'
    const name = names[i % 3]!
    const status = i % 97 === 0 ? '500' : '200'
    const tags = {
      expected_response: String(status === '200'),
      group: '',
      loadgate_arm: 'base',
      loadgate_round: '1',
      method,
      name,
      proto: 'HTTP/1.1',
      scenario: 'api',
      status,
      url: name,
    }
    const point = (metric: string, value: number, t: object = tags) =>
      JSON.stringify({ metric, type: 'Point', data: { time, value, tags: t } })
    const lines = [point('http_reqs', 1), point('http_req_duration', 3 + ((i * 7919) % 1000) / 100)]
    for (const m of PER_REQUEST) lines.push(point(m, (i % 13) / 10))
    lines.push(point('http_req_failed', status === '200' ? 0 : 1))
    const iterationTags = { group: '', loadgate_arm: 'base', loadgate_round: '1', scenario: 'api' }
    lines.push(point('checks', status === '200' ? 1 : 0, { ...iterationTags, check: 'status is 2xx' }))
    lines.push(point('data_sent', 120, iterationTags), point('data_received', 250, iterationTags))
    lines.push(point('iteration_duration', 5.5, iterationTags), point('iterations', 1, iterationTags))
    batch += `${lines.join('\n')}\n`
    if (batch.length > 1 << 20) {
      if (!gzip.write(batch)) await new Promise<void>((r) => gzip.once('drain', () => r()))
      batch = ''
    }
  }
  gzip.end(batch)
  await new Promise<void>((resolve) => out.on('finish', () => resolve()))
}

function seconds(command: string, args: string[]): number {
  const started = process.hrtime.bigint()
  execFileSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], shell: false })
  return Number(process.hrtime.bigint() - started) / 1e9
}

if (!existsSync(file)) {
  process.stdout.write(`synthesizing ${requests.toLocaleString('en')} requests into ${file} …\n`)
  await synthesize()
}
const size = statSync(file).size
const gunzip = seconds('bash', ['-c', `gzip -dc '${file}' > /dev/null`])
// The parser in its own process, so its peak RSS is its own (GNU time reports it).
const probe = `import('${path.resolve('src/measure/load/k6/parse.ts')}').then(async ({ parseK6Output }) => { const r = await parseK6Output('${file}'); const s = r.series.find((x) => x.name === 'GET /items/:id'); console.error(JSON.stringify({ series: r.series.length, requests: r.series.filter((x) => x.key !== 'all requests').reduce((n, x) => n + x.requests, 0), p95: s.latency.p95 })) })`
const started = process.hrtime.bigint()
const timed = spawnSync('/usr/bin/time', ['-f', '%M', 'node', '--import', 'tsx', '-e', probe], {
  encoding: 'utf8',
})
const parse = Number(process.hrtime.bigint() - started) / 1e9
const [summary = '', rss = '0'] = timed.stderr.trim().split('\n').slice(-2)
const uncompressed = Number(execFileSync('bash', ['-c', `gzip -dc '${file}' | wc -c`], { encoding: 'utf8' }))
process.stdout.write(
  [
    `file: ${(size / 1e6).toFixed(0)} MB gzip, ${(uncompressed / 1e9).toFixed(2)} GB of JSON lines, ${requests.toLocaleString('en')} requests`,
    `parsed: ${summary}`,
    `gzip -dc > /dev/null: ${gunzip.toFixed(2)} s`,
    `loadgate parser:      ${parse.toFixed(2)} s (${(parse / gunzip).toFixed(2)}× gzip; target ≤ 2×), peak RSS ${(Number(rss) / 1024).toFixed(0)} MB (target < 300 MB)`,
  ].join('\n') + '\n',
)
