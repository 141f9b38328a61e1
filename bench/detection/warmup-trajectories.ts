// What a new instance's latency does second by second, through its warm-up and on into its first
// measured trial: for every warm-up a kept work directory holds (warmup-*.json.gz beside the
// round-*.json.gz of the same arm), each 1-s window's median latency relative to that instance's
// measured trial (every request against its own endpoint's median in the trial), in percent. A
// JIT shows its steps and plateaus; code compiled ahead of time is flat within its first second.
// The last line pools every warm-up and first trial: each window's median over all of them, to a
// tenth of a percent. WINDOW_MS=250 narrows the windows (a quarter second: where a Go instance's
// first requests differ). Reads files only: no speed figure, so any machine will do.
//   [WINDOW_MS=1000] node --import tsx bench/detection/warmup-trajectories.ts WORK_DIR/BENCHMARK [...]
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

const WINDOW_MS = Number(process.env.WINDOW_MS ?? 1000)

/** Per window from the first request, each request against its endpoint's trial median (log ratios). */
function windows(list: Point[], centre: Map<string, number>): number[][] {
  const start = list[0]!.at
  const byWindow: number[][] = []
  for (const p of list) {
    const c = centre.get(p.key)
    if (c !== undefined) (byWindow[Math.floor((p.at - start) / WINDOW_MS)] ??= []).push(p.logMs - c)
  }
  return byWindow
}

const percent = (logs: number[] | undefined, digits: number) =>
  logs?.length ? ((Math.exp(median(logs)!) - 1) * 100).toFixed(digits) : '–'
const row = (byWindow: number[][], digits = 0) => [...byWindow].map((v) => percent(v, digits)).join(' ')

/** Adds every window of `from` to the same window of `into`. */
function pool(into: number[][], from: number[][]): void {
  from.forEach((values, i) => (into[i] ??= []).push(...(values ?? [])))
}

const pooled = { warm: [] as number[][], trial: [] as number[][] }
for (const dir of process.argv.slice(2)) {
  const files = (await readdir(dir)).filter((f) => /^warmup-.*\.json\.gz$/.test(f)).sort()
  console.log(`${dir}: per ${WINDOW_MS} ms, % against the same instance's first measured trial`)
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
    const [w, t] = [windows(warm, centre), windows(trial, centre)]
    pool(pooled.warm, w)
    pool(pooled.trial, t)
    console.log(`  round ${round} ${match[2]}: warm-up (${seconds} s) ${row(w)} | trial ${row(t)}`)
  }
}
console.log(`pooled: warm-up ${row(pooled.warm, 1)} | trial ${row(pooled.trial, 1)}`)
