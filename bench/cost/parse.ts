// Parser throughput on real k6 output: repeats the point lines of recorded k6 v1.8.1 trials of the
// example (bench/recordings/api-*.json.gz, written by `RECORD=api bench/cost/k6-cost.ts`: three
// endpoints, 200 requests/s) until the file holds N requests, gzips it as k6 does, then times
// loadgate's streaming parser against `gzip -dc FILE > /dev/null` on the same file and reports the
// parser's peak RSS. Once for k6's default system tags and once for loadgate's lean ones.
//   node --import tsx bench/cost/parse.ts [requests=432788]
import { execFileSync, spawnSync } from 'node:child_process'
import { createWriteStream, existsSync, statSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { createGzip } from 'node:zlib'

const requests = Number(process.argv[2] ?? 432_788)
const dir = path.resolve('bench/out')
const recordings = ['api-default', 'api-lean']

async function build(recording: string, file: string): Promise<void> {
  const lines = execFileSync('gzip', ['-dc', path.resolve('bench/recordings', `${recording}.json.gz`)], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  })
    .split('\n')
    .filter(Boolean)
  const declarations = lines.filter((l) => l.startsWith('{"type":"Metric"'))
  const points = lines.filter((l) => !l.startsWith('{"type":"Metric"'))
  const perCopy = points.filter((l) => l.startsWith('{"metric":"http_req_duration"')).length
  const copies = Math.ceil(requests / perCopy)
  const gzip = createGzip()
  const out = gzip.pipe(createWriteStream(file))
  const write = (text: string) =>
    gzip.write(text) ? Promise.resolve() : new Promise<void>((r) => gzip.once('drain', () => r()))
  // k6 declares a metric on the line before its first point; declarations first reads the same.
  await write(`${declarations.join('\n')}\n`)
  const block = `${points.join('\n')}\n`
  for (let i = 0; i < copies; i++) await write(block)
  gzip.end()
  await new Promise<void>((resolve) => out.on('finish', () => resolve()))
}

function seconds(command: string, args: string[]): number {
  const started = process.hrtime.bigint()
  execFileSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], shell: false })
  return Number(process.hrtime.bigint() - started) / 1e9
}

await mkdir(dir, { recursive: true })
for (const recording of recordings) {
  const file = path.join(dir, `${recording}-${requests}.json.gz`)
  if (!existsSync(file)) {
    process.stdout.write(`building ${file} from bench/recordings/${recording}.json.gz …\n`)
    await build(recording, file)
  }
  const size = statSync(file).size
  const gunzip = seconds('bash', ['-c', `gzip -dc '${file}' > /dev/null`])
  // The parser in its own process, so its peak RSS is its own (GNU time reports it); the time is
  // taken around the parse alone, without node's start-up.
  const probe = `import('${path.resolve('src/measure/load/k6/parse.ts')}').then(async ({ parseK6Output }) => { const t = performance.now(); const r = await parseK6Output('${file}'); const s = (performance.now() - t) / 1000; console.error(JSON.stringify({ seconds: s, series: r.series.length, requests: r.series.find((x) => x.key === 'all requests').requests, checks: r.checks.passes + r.checks.fails })) })`
  const timed = spawnSync('/usr/bin/time', ['-f', '%M', 'node', '--import', 'tsx', '-e', probe], {
    encoding: 'utf8',
  })
  const [summary = '{}', rss = '0'] = timed.stderr.trim().split('\n').slice(-2)
  const parsed = JSON.parse(summary) as { seconds: number; requests: number }
  const uncompressed = Number(
    execFileSync('bash', ['-c', `gzip -dc '${file}' | wc -c`], { encoding: 'utf8' }),
  )
  process.stdout.write(
    [
      `${recording}: ${(size / 1e6).toFixed(0)} MB gzip, ${(uncompressed / 1e9).toFixed(2)} GB of JSON lines, ${parsed.requests.toLocaleString('en')} requests`,
      `  parsed: ${summary}`,
      `  gzip -dc > /dev/null: ${gunzip.toFixed(2)} s`,
      `  loadgate parser:      ${parsed.seconds.toFixed(2)} s (${(parsed.seconds / gunzip).toFixed(2)}× gzip; target ≤ 1.3×), peak RSS ${(Number(rss) / 1024).toFixed(0)} MB (target < 200 MB)`,
    ].join('\n') + '\n',
  )
}
