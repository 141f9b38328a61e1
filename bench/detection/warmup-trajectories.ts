// What a new instance's latency does second by second, through its warm-up and on into its first
// measured trial: for every warm-up a kept work directory holds (warmup-*.json.gz beside the
// round-*.json.gz of the same arm), each 1-s window's median latency relative to that instance's
// measured trial (every request against its own endpoint's median in the trial), in percent. A
// JIT shows its steps and plateaus; code compiled ahead of time is flat after its first second.
// Reads files only: no speed figure, so any machine will do.
//   node --import tsx bench/detection/warmup-trajectories.ts WORK_DIR/BENCHMARK [...]
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { median } from '../../src/decide/stats/basic'

interface Point {
  at: number
  logMs: number
  key: string
}

async function points(file: string): Promise<Point[] | null> {
  const raw = await readFile(file).catch(() => null)
  if (!raw) return null
  const out: Point[] = []
  for (const line of gunzipSync(raw).toString('utf8').split('\n')) {
    if (!line.includes('"metric":"http_req_duration","type":"Point"')) continue
    const data = (JSON.parse(line) as { data: { time: string; value: number; tags: Record<string, string> } })
      .data
    if (data.value > 0)
      out.push({ at: Date.parse(data.time), logMs: Math.log(data.value), key: data.tags.name ?? '' })
  }
  return out.sort((a, b) => a.at - b.at)
}

/** Per 1-s window from the first request, the median of each request against its endpoint's trial median, %. */
function windows(list: Point[], centre: Map<string, number>): string {
  const start = list[0]!.at
  const byWindow: number[][] = []
  for (const p of list) {
    const c = centre.get(p.key)
    if (c !== undefined) (byWindow[Math.floor((p.at - start) / 1000)] ??= []).push(p.logMs - c)
  }
  return [...byWindow].map((v) => (v ? String(Math.round((Math.exp(median(v)!) - 1) * 100)) : '–')).join(' ')
}

for (const dir of process.argv.slice(2)) {
  const files = (await readdir(dir)).filter((f) => /^warmup-.*\.json\.gz$/.test(f)).sort()
  console.log(`${dir}: per second, % against the same instance's first measured trial`)
  for (const file of files) {
    const match = /^warmup-(?:round-(\d+)-)?(base|head)\.json\.gz$/.exec(file)
    if (!match) continue
    const round = String(Math.max(1, Number(match[1] ?? 1))).padStart(2, '0')
    const [warm, trial] = await Promise.all([
      points(path.join(dir, file)),
      points(path.join(dir, `round-${round}-${match[2]}.json.gz`)),
    ])
    if (!warm?.length || !trial?.length) continue
    const keys = [...new Set(trial.map((p) => p.key))]
    const centre = new Map(
      keys.map((k) => [k, median(trial.filter((p) => p.key === k).map((p) => p.logMs))!]),
    )
    const seconds = ((warm.at(-1)!.at - warm[0]!.at) / 1000).toFixed(0)
    console.log(
      `  round ${round} ${match[2]}: warm-up (${seconds} s) ${windows(warm, centre)} | trial ${windows(trial, centre)}`,
    )
  }
}
