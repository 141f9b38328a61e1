// Whether the runs' intervals are as wide as the run-to-run spread says they must be: over fresh
// A/A runs (results saved by `SAVE_DIR=DIR bench/detection/detection-confirm.ts N a-a`), per gated series and
// metric, the spread (SD) of the per-run mean head − base log-ratio next to the runs' own standard
// errors, and how many runs' intervals cover the truth, zero. An offset per run that the rounds
// cannot see shows as a spread of the means well above their standard errors, and as intervals that
// miss zero more often than their level allows.
//   node --import tsx bench/detection/offset-coverage.ts DIR
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { compareResults } from '../../src/decide'
import { pairedSamples } from '../../src/decide/samples'
import type { ResultsFile } from '../../src/model/types'

const dir = process.argv[2]
if (!dir) throw new Error('usage: node --import tsx bench/detection/offset-coverage.ts DIR')
const runs: ResultsFile[] = []
for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort())
  runs.push(JSON.parse(await readFile(path.join(dir, file), 'utf8')) as ResultsFile)

interface Row {
  means: number[]
  standardErrors: number[]
  covered: number
  level: number
}
const rows = new Map<string, Row>()
for (const results of runs) {
  const comparison = compareResults(results, { failOn: ['REGRESSION', 'INVALID'] })
  for (const series of comparison.series) {
    for (const m of series.metrics.filter((x) => x.gate && !x.absolute && x.ci)) {
      const d = pairedSamples(results, series.key, m.metric, false).differences
      if (d.length < 2) continue
      const mean = d.reduce((a, b) => a + b, 0) / d.length
      const sd = Math.sqrt(d.reduce((a, b) => a + (b - mean) ** 2, 0) / (d.length - 1))
      const key = `${series.key} ${m.metric}`
      const row = rows.get(key) ?? { means: [], standardErrors: [], covered: 0, level: m.ci!.level }
      row.means.push(mean)
      row.standardErrors.push(sd / Math.sqrt(d.length))
      if (m.ci!.low <= 0 && m.ci!.high >= 0) row.covered++
      rows.set(key, row)
    }
  }
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`
console.log(`${runs.length} A/A runs from ${dir}`)
console.log('')
console.log(
  '| series metric | per-run means | SD of the means | mean standard error | ratio | intervals covering 0 |',
)
console.log('|---|---|---:|---:|---:|---:|')
for (const [key, row] of rows) {
  const n = row.means.length
  const grand = row.means.reduce((a, b) => a + b, 0) / n
  const spread = n > 1 ? Math.sqrt(row.means.reduce((a, b) => a + (b - grand) ** 2, 0) / (n - 1)) : Number.NaN
  const se = row.standardErrors.reduce((a, b) => a + b, 0) / n
  console.log(
    `| ${key} | ${row.means.map((m) => pct(Math.expm1(m))).join(', ')} | ${pct(spread)} | ${pct(se)} | ${(spread / se).toFixed(2)} | ${row.covered}/${n} at ${pct(row.level)} |`,
  )
}
