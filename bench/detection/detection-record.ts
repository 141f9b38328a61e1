// Records the trials bench/detection/detection.ts resamples: one long run per scenario (see
// detection-scenarios.ts), written as bench/recordings/<scenario>.json.gz (a loadgate results
// file); takes about 45 minutes.
//   node --import tsx bench/detection/detection-record.ts [scenario ...] [--rounds-aa=60] [--rounds=30]
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { measureScenario, SCENARIOS } from './detection-scenarios'

const flag = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const chosen = process.argv.slice(2).filter((a) => !a.startsWith('--'))
const out = path.resolve('bench/recordings')
await mkdir(out, { recursive: true })

for (const scenario of Object.keys(SCENARIOS)) {
  if (chosen.length && !chosen.includes(scenario)) continue
  const rounds = scenario === 'a-a' ? flag('rounds-aa', 60) : flag('rounds', 30)
  const started = Date.now()
  const results = await measureScenario(scenario, {
    minRounds: rounds,
    maxRounds: rounds,
    seed: 1234,
    onProgress: (message) => process.stderr.write(`${scenario}: ${message}\n`),
  })
  await writeFile(path.join(out, `${scenario}.json.gz`), gzipSync(JSON.stringify(results)))
  process.stdout.write(
    `${scenario}: ${rounds} rounds in ${((Date.now() - started) / 60000).toFixed(1)} min\n`,
  )
}
