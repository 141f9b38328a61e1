// Records the trials bench/detection.ts resamples: the bundled example measured by loadgate itself
// (real Compose stacks, real k6), base and head interleaved in random order, once per scenario:
// A/A (the head changes nothing), +5/+10/+20 % latency and +10 % CPU work on every endpoint.
// Writes bench/recordings/<scenario>.json.gz (a loadgate results file); takes about 45 minutes.
//   node --import tsx bench/detection-record.ts [scenario ...] [--rounds-aa=60] [--rounds=30]
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { measure } from '../src/measure'
import { exampleBenchmark, exampleSettings, makeExampleRepo } from '../__tests__/helpers/example-repo'

export const SCENARIOS: Record<string, string> = {
  'a-a': '',
  'latency+5%': 'LATENCY_PERCENT=5',
  'latency+10%': 'LATENCY_PERCENT=10',
  'latency+20%': 'LATENCY_PERCENT=20',
  'cpu+10%': 'EXTRA_CPU_PERCENT=10',
}
/** The trial the recordings use: the example workflow's rate, trials shortened to 5 s. */
export const TRIAL = { DURATION: '5s', RATE: '100' }

const flag = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const chosen = process.argv.slice(2).filter((a) => !a.startsWith('--'))
const out = path.resolve('bench/recordings')
await mkdir(out, { recursive: true })

for (const [scenario, headEnv] of Object.entries(SCENARIOS)) {
  if (chosen.length && !chosen.includes(scenario)) continue
  const rounds = scenario === 'a-a' ? flag('rounds-aa', 60) : flag('rounds', 30)
  const repo = await makeExampleRepo({ headEnv })
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-detection-'))
  const started = Date.now()
  try {
    const { resultsPath } = await measure({
      settings: exampleSettings(repo.dir, workDir, {
        minRounds: rounds,
        maxRounds: rounds,
        warmupSeconds: 3,
      }),
      bench: exampleBenchmark({ k6Env: TRIAL }),
      arms: ['base', 'head'],
      baseSha: repo.baseSha,
      meta: { runId: `det${process.pid}`, runUrl: '', repository: '', event: 'local', pullRequest: null },
      onProgress: (e) => process.stderr.write(`${scenario}: ${e.message}\n`),
    })
    await writeFile(path.join(out, `${scenario}.json.gz`), gzipSync(await readFile(resultsPath)))
    process.stdout.write(
      `${scenario}: ${rounds} rounds in ${((Date.now() - started) / 60000).toFixed(1)} min\n`,
    )
  } finally {
    await rm(workDir, { recursive: true, force: true })
    await repo.cleanup()
  }
}
