// The detection benchmark's scenarios and how one is measured: the bundled example under
// loadgate's own measure step (real Compose stacks, real k6), base and head interleaved.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { measure } from '../src/measure/measure'
import type { ResultsFile } from '../src/model/types'
import type { BenchmarkSettings } from '../src/settings/types'
import { makeExampleRepo } from '../__tests__/testkit/example-repo'
import { exampleBenchmark, settingsFor } from '../__tests__/testkit/settings'

/**
 * Scenario → the head's `.env`: A/A (the head changes nothing), then the example's knobs. The
 * `many:` ones run k6/many.js over eight endpoints; LATENCY_ROUTE slows one route only.
 */
export const SCENARIOS: Record<string, string> = {
  'a-a': '',
  'latency+5%': 'LATENCY_PERCENT=5',
  'latency+10%': 'LATENCY_PERCENT=10',
  'latency+20%': 'LATENCY_PERCENT=20',
  // The knob scales the service's own latency; a client sees about four fifths of it (+5% here).
  'latency+6.5%': 'LATENCY_PERCENT=6.5',
  'cpu+10%': 'EXTRA_CPU_PERCENT=10',
  'many:a-a': '',
  'many:search+20%': 'LATENCY_PERCENT=20\nLATENCY_ROUTE=GET /search',
  'many:search+10%': 'LATENCY_PERCENT=10\nLATENCY_ROUTE=GET /search',
}

/** The k6 script of a scenario: the eight-endpoint load for `many:` ones. */
function scriptOf(scenario: string): Partial<BenchmarkSettings> {
  return scenario.startsWith('many:') ? { k6Script: 'compose/k6/many.js', name: 'many' } : {}
}

/**
 * The trial every scenario uses: the example workflow's rate, trials shortened to 5 s; TRIAL_RATE
 * and TRIAL_DURATION override them (e.g. enough requests for every endpoint of `many:`).
 */
export const TRIAL = { DURATION: process.env.TRIAL_DURATION ?? '5s', RATE: process.env.TRIAL_RATE ?? '100' }

export interface ScenarioRun {
  minRounds: number
  maxRounds: number
  seed: number
  /** Asked once after min-rounds, as the gate asks (see pipeline.ts). */
  shouldExtend?: (partial: ResultsFile) => boolean
  onProgress?: (message: string) => void
  /** k6-env over TRIAL, e.g. the longer trials a calibration suggests. */
  trial?: Record<string, string>
}

/** Measures one scenario on a fresh example repository and returns its results file. */
export async function measureScenario(scenario: string, run: ScenarioRun): Promise<ResultsFile> {
  const repo = await makeExampleRepo({ headEnv: SCENARIOS[scenario] })
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'loadgate-detection-'))
  try {
    const { resultsPath } = await measure({
      settings: settingsFor(repo.dir, {
        'work-dir': workDir,
        'min-rounds': String(run.minRounds),
        'max-rounds': String(run.maxRounds),
        warmup: '3s',
        seed: String(run.seed),
        // The product's defaults (fresh instances every round), not the test kit's one instance per arm.
        'fresh-instances': '',
      }),
      bench: exampleBenchmark({ k6Env: { ...TRIAL, ...run.trial }, ...scriptOf(scenario) }),
      arms: ['base', 'head'],
      baseSha: repo.baseSha,
      meta: { runId: `det${process.pid}`, runUrl: '', repository: '', event: 'local', pullRequest: null },
      shouldExtend: run.shouldExtend,
      onProgress: (e) => run.onProgress?.(e.message),
    })
    return JSON.parse(await readFile(resultsPath, 'utf8')) as ResultsFile
  } finally {
    await rm(workDir, { recursive: true, force: true })
    await repo.cleanup()
  }
}
