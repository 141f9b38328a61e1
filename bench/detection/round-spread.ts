// The design table's measure: per gated series and metric, the SD of the per-round head − base
// log-ratio, pooled over the saved A/A runs of each design (what a test of the mean faces), and after
// the slash the median over the runs of the σ the signed-rank test faces (stats/signed-rank.ts).
// One folder per design, results saved by `SAVE_DIR=DIR bench/detection/detection-confirm.ts N a-a`
// with ARMS_UNDER_LOAD / FRESH_INSTANCES set. The rounds a run needs for one interval width grow
// with the square of the σ.
//   node --import tsx bench/detection/round-spread.ts DIR [DIR ...]
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { compareResults } from '../../src/decide'
import { pairedSamples } from '../../src/decide/samples'
import { median } from '../../src/decide/stats/basic'
import { signedRankSigma } from '../../src/decide/stats/signed-rank'
import type { ResultsFile } from '../../src/model/types'

const dirs = process.argv.slice(2)
if (dirs.length === 0)
  throw new Error('usage: node --import tsx bench/detection/round-spread.ts DIR [DIR ...]')

/** Series metric → the within-run deviations of every run's rounds, and their degrees of freedom. */
type Pool = Map<string, { squares: number; freedom: number; rounds: number; ranked: number[] }>

async function poolOf(dir: string): Promise<{ pool: Pool; runs: ResultsFile[] }> {
  const runs: ResultsFile[] = []
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort())
    runs.push(JSON.parse(await readFile(path.join(dir, file), 'utf8')) as ResultsFile)
  const pool: Pool = new Map()
  for (const results of runs) {
    const comparison = compareResults(results, { failOn: ['REGRESSION', 'INVALID'] })
    for (const series of comparison.series) {
      for (const m of series.metrics.filter((x) => x.gate && !x.absolute)) {
        const d = pairedSamples(results, series.key, m.metric, false).differences
        if (d.length < 2) continue
        const mean = d.reduce((a, b) => a + b, 0) / d.length
        const key = `${series.key} ${m.metric}`
        const entry = pool.get(key) ?? { squares: 0, freedom: 0, rounds: 0, ranked: [] }
        const ranked = signedRankSigma(d)
        if (ranked !== null) entry.ranked.push(ranked)
        entry.squares += d.reduce((a, b) => a + (b - mean) ** 2, 0)
        entry.freedom += d.length - 1
        entry.rounds += d.length
        pool.set(key, entry)
      }
    }
  }
  return { pool, runs }
}

const designs = await Promise.all(dirs.map(poolOf))
const label = (dir: string, runs: ResultsFile[]) => {
  const s = runs[0]?.settings
  return `${path.basename(dir)} (${runs.length} runs; ${s?.armsUnderLoad ?? '?'}, fresh ${s?.freshInstances ?? '?'})`
}
console.log(`| series metric | ${dirs.map((d, i) => label(d, designs[i]!.runs)).join(' | ')} |`)
console.log(`|---|${dirs.map(() => '---:').join('|')}|`)
const keys = [...new Set(designs.flatMap((d) => [...d.pool.keys()]))].sort()
for (const key of keys) {
  const cells = designs.map(({ pool }) => {
    const entry = pool.get(key)
    if (!entry || entry.freedom === 0) return '—'
    const ranked = median(entry.ranked)
    const rankedCell = ranked === null ? '' : ` / ${(100 * ranked).toFixed(1)}%`
    return `${(100 * Math.sqrt(entry.squares / entry.freedom)).toFixed(1)}%${rankedCell} (${entry.rounds} rounds)`
  })
  console.log(`| ${key} | ${cells.join(' | ')} |`)
}
