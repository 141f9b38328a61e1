import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { compareResults } from './src/decide'
const dir = process.argv[2]!
for (const f of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const r = JSON.parse(readFileSync(path.join(dir, f), 'utf8'))
  const c = compareResults(r, { failOn: ['REGRESSION', 'INVALID'] } as never)
  const min = r.meta.timing ? (r.meta.timing.wallSeconds / 60).toFixed(1) : '-'
  console.log(f, c.verdict, c.rounds, min, r.settings.armsUnderLoad, '|', c.headline.slice(0, 100))
}
