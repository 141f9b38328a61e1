import { z } from 'zod'
import { firstIssue } from '../../model/validation'
import { printable } from '../run-files'
import { addMetric, badFile, checkedKey, type ImportedRun, type ParsedImport } from './imported-run'

// github-action-benchmark's data.js: `window.BENCHMARK_DATA = { lastUpdate, repoUrl, entries }`,
// where entries maps each suite (the action's `name` input) to its runs, oldest first.
const benchSchema = z.object({
  name: z.string().max(2000),
  value: z.number().finite(),
  unit: z.string().max(100),
  range: z.string().max(2000).optional(),
  extra: z.string().max(20_000).optional(),
})
const entrySchema = z.object({
  commit: z.object({
    id: z.string().max(100),
    message: z.string().optional(),
    timestamp: z.string().max(64).optional(),
    url: z.string().max(2000).optional(),
    author: z.object({ name: z.string().optional(), username: z.string().optional() }).optional(),
  }),
  /** Milliseconds since the epoch: when the benchmark ran. */
  date: z.number().finite(),
  tool: z.string().max(100),
  benches: z.array(benchSchema).max(10_000),
})
export const benchmarkDataSchema = z.object({
  entries: z.record(z.string().max(1000), z.array(entrySchema).max(100_000)),
})

/** Names' last words that say which statistic a value is (`GET /users p95`, `http_req_duration p(95)`). */
const STAT_WORDS: Record<string, string> = {
  p50: 'p50',
  'p(50)': 'p50',
  med: 'p50',
  median: 'p50',
  p90: 'p90',
  'p(90)': 'p90',
  p95: 'p95',
  'p(95)': 'p95',
  p99: 'p99',
  'p(99)': 'p99',
  avg: 'mean',
  mean: 'mean',
  average: 'mean',
  max: 'max',
  throughput: 'throughput',
  rps: 'throughput',
  error_rate: 'error_rate',
}
const LATENCY = new Set(['p50', 'p90', 'p95', 'p99', 'mean', 'max'])

/** Milliseconds in one of a time unit (`ns/op`, `us`, `µs`, `msec`, `s`…); undefined for other units. */
function msPer(unit: string): number | undefined {
  const base = unit.toLowerCase().replace(/\/(op|iter|call|run)$/, '')
  const table: Record<string, number> = { ns: 1e-6, nsec: 1e-6, us: 1e-3, µs: 1e-3, μs: 1e-3, usec: 1e-3 }
  Object.assign(table, { ms: 1, msec: 1, s: 1000, sec: 1000 })
  return table[base]
}

const RATE_UNITS = /^(ops?|iter|iters|iterations|req|reqs|requests)?\/s(ec)?$|^rps$/i

/** A bench's value as a loadgate metric, or null when it has none (memory, percentages of other things…). */
export function benchMetric(
  name: string,
  unit: string,
  value: number,
): { key: string; metric: string; value: number } | null {
  const words = name.trim().split(/\s+/)
  const stat = words.length > 1 ? STAT_WORDS[words.at(-1)!.toLowerCase()] : undefined
  const key = stat
    ? words
        .slice(0, -1)
        .join(' ')
        .replace(/[\s:·-]+$/, '')
    : name.trim()
  const ms = msPer(unit)
  const metric = stat ?? (ms !== undefined ? 'mean' : RATE_UNITS.test(unit) ? 'throughput' : '')
  if (!key || !metric) return null
  if (LATENCY.has(metric)) return ms === undefined ? null : { key, metric, value: value * ms }
  if (metric === 'throughput') return RATE_UNITS.test(unit) ? { key, metric, value } : null
  const scale = unit === '%' ? 0.01 : ['', 'ratio', 'fraction'].includes(unit) ? 1 : 0
  return scale ? { key, metric, value: value * scale } : null
}

/** The JSON inside data.js: the `window.BENCHMARK_DATA =` assignment taken off, never evaluated. */
export function dataJsJson(text: string): string | null {
  const start = /^\s*window\.BENCHMARK_DATA\s*=/.exec(text.slice(0, 200))
  if (!start) return null
  return text.slice(start[0].length).trim().replace(/;$/, '')
}

type Entry = z.infer<typeof entrySchema>

function suiteOf(file: string, entries: Record<string, Entry[]>, wanted: string | undefined): string {
  const suites = Object.keys(entries)
  const listed = suites
    .slice(0, 10)
    .map((s) => `'${printable(s, 80)}'`)
    .join(', ')
  if (wanted !== undefined && Object.hasOwn(entries, wanted)) return wanted
  if (wanted !== undefined)
    throw badFile(file, `has no suite '${printable(wanted, 80)}': it holds ${listed || 'none'}`)
  if (suites.length === 1) return suites[0]!
  throw badFile(
    file,
    suites.length === 0
      ? 'holds no suite: expected entries of at least one'
      : `holds ${suites.length} suites (${listed}): pick one with --suite`,
  )
}

function entryRun(file: string, entry: Entry, where: string, skipped: Set<string>): ImportedRun {
  const sha = entry.commit.id.toLowerCase()
  if (!/^[0-9a-f]{7,64}$/.test(sha))
    throw badFile(file, `${where}.commit.id is not a commit id: expected 7 to 64 hex digits`)
  const time = new Date(entry.date)
  const year = time.getUTCFullYear()
  if (Number.isNaN(time.getTime()) || year < 1970 || year > 9999)
    throw badFile(file, `${where}.date is not a time: expected milliseconds since 1970`)
  const author = entry.commit.author?.username || entry.commit.author?.name || ''
  const run: ImportedRun = {
    commit: {
      sha,
      message: (entry.commit.message ?? '').slice(0, 20_000),
      author: author.slice(0, 300),
      timestamp: entry.commit.timestamp ?? '',
    },
    startedAt: time.toISOString(),
    series: [],
  }
  entry.benches.forEach((bench, b) => {
    const mapped = benchMetric(bench.name, bench.unit, bench.value)
    if (!mapped) return void skipped.add(`${printable(bench.name, 100)} (${printable(bench.unit, 20)})`)
    const key = checkedKey(file, mapped.key, `${where}.benches[${b}].name`)
    addMetric(run, key, mapped.metric, mapped.value)
  })
  return run
}

/**
 * github-action-benchmark's history (data.js, or the same object as JSON) as runs of one suite:
 * time values become milliseconds (the statistic from the name's last word, else the mean, as
 * the tools it reads report), rates the throughput, and `<name> error_rate` the error rate.
 */
export function parseBenchmarkData(file: string, json: unknown, suite?: string): ParsedImport {
  const parsed = benchmarkDataSchema.safeParse(json)
  if (!parsed.success)
    throw badFile(
      file,
      `${printable(firstIssue(parsed.error), 200)}: expected github-action-benchmark's data.js`,
    )
  const chosen = suiteOf(file, parsed.data.entries, suite)
  const skipped = new Set<string>()
  const runs = parsed.data.entries[chosen]!.map((entry, i) =>
    entryRun(file, entry, `entries['${printable(chosen, 60)}'][${i}]`, skipped),
  ).filter((run) => run.series.length > 0)
  if (runs.length === 0)
    throw badFile(
      file,
      `suite '${printable(chosen, 80)}' holds no time, rate or error-rate value loadgate can draw`,
    )
  return { from: 'github-action-benchmark', runs, skipped: [...skipped].sort() }
}
